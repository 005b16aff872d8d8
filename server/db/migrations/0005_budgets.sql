CREATE TABLE "budgets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"date" date,
	"budget_type_id" bigint,
	"amount" numeric(19, 4),
	"currency_id" bigint,
	"cover_budget_office_id" bigint,
	"cash" boolean DEFAULT false,
	"responsible_position_id" bigint,
	"description" text,
	"closed" boolean DEFAULT false,
	"verification_chain_id" bigint
);

--> statement-breakpoint
CREATE TABLE "budget_payers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"budget_id" bigint,
	"payer_type_id" bigint,
	"payer_office_id" bigint,
	"payer_department_id" bigint,
	"payer_position_id" bigint,
	"percentage" numeric(12, 8) DEFAULT 1,
	"closed_by_fund" boolean DEFAULT false
);

--> statement-breakpoint
CREATE TABLE "cashbox_periods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"office_id" bigint,
	"currency_id" bigint,
	"report_date_gte" date,
	"report_date_lte" date
);

--> statement-breakpoint
CREATE TABLE "cashbox_office_debts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"cashbox_period_id" bigint,
	"debtor_account" bigint,
	"budget_id" bigint
);

--> statement-breakpoint
CREATE TABLE "cashbox_office_debt_creditors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"cashbox_office_debt_id" bigint,
	"office_id" bigint,
	"amount" numeric(19, 4),
	"payment_status_id" bigint
);

--> statement-breakpoint
CREATE TABLE "cashbox_office_debt_details" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"cashbox_office_debt_id" bigint,
	"detail_side" text,
	"creditor_office_id" bigint,
	"amount" numeric(19, 4),
	"description" varchar(500)
);

--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_budget_type_id_fk" FOREIGN KEY ("budget_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_cover_budget_office_id_fk" FOREIGN KEY ("cover_budget_office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_responsible_position_id_fk" FOREIGN KEY ("responsible_position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_verification_chain_id_fk" FOREIGN KEY ("verification_chain_id") REFERENCES "public"."verification_chains"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "budget_payers" ADD CONSTRAINT "budget_payers_budget_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "budget_payers" ADD CONSTRAINT "budget_payers_payer_type_id_fk" FOREIGN KEY ("payer_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "budget_payers" ADD CONSTRAINT "budget_payers_payer_office_id_fk" FOREIGN KEY ("payer_office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "budget_payers" ADD CONSTRAINT "budget_payers_payer_department_id_fk" FOREIGN KEY ("payer_department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "budget_payers" ADD CONSTRAINT "budget_payers_payer_position_id_fk" FOREIGN KEY ("payer_position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_periods" ADD CONSTRAINT "cashbox_periods_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_periods" ADD CONSTRAINT "cashbox_periods_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_office_debts" ADD CONSTRAINT "cashbox_office_debts_cashbox_period_id_fk" FOREIGN KEY ("cashbox_period_id") REFERENCES "public"."cashbox_periods"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_office_debts" ADD CONSTRAINT "cashbox_office_debts_budget_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_office_debt_creditors" ADD CONSTRAINT "cashbox_office_debt_creditors_cashbox_office_debt_id_fk" FOREIGN KEY ("cashbox_office_debt_id") REFERENCES "public"."cashbox_office_debts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_office_debt_creditors" ADD CONSTRAINT "cashbox_office_debt_creditors_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_office_debt_creditors" ADD CONSTRAINT "cashbox_office_debt_creditors_payment_status_id_fk" FOREIGN KEY ("payment_status_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_office_debt_details" ADD CONSTRAINT "cashbox_office_debt_details_cashbox_office_debt_id_fk" FOREIGN KEY ("cashbox_office_debt_id") REFERENCES "public"."cashbox_office_debts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_office_debt_details" ADD CONSTRAINT "cashbox_office_debt_details_creditor_office_id_fk" FOREIGN KEY ("creditor_office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "budgets_last_modified_date_idx" ON "budgets" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "budgets_budget_type_id_idx" ON "budgets" USING btree ("budget_type_id");
--> statement-breakpoint
CREATE INDEX "budgets_currency_id_idx" ON "budgets" USING btree ("currency_id");
--> statement-breakpoint
CREATE INDEX "budgets_cover_budget_office_id_idx" ON "budgets" USING btree ("cover_budget_office_id");
--> statement-breakpoint
CREATE INDEX "budgets_responsible_position_id_idx" ON "budgets" USING btree ("responsible_position_id");
--> statement-breakpoint
CREATE INDEX "budgets_verification_chain_id_idx" ON "budgets" USING btree ("verification_chain_id");
--> statement-breakpoint
CREATE INDEX "budgets_cover_budget_office_id_date_idx" ON "budgets" USING btree ("cover_budget_office_id","date");
--> statement-breakpoint
CREATE INDEX "budget_payers_last_modified_date_idx" ON "budget_payers" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "budget_payers_budget_id_idx" ON "budget_payers" USING btree ("budget_id");
--> statement-breakpoint
CREATE INDEX "budget_payers_payer_type_id_idx" ON "budget_payers" USING btree ("payer_type_id");
--> statement-breakpoint
CREATE INDEX "budget_payers_payer_office_id_idx" ON "budget_payers" USING btree ("payer_office_id");
--> statement-breakpoint
CREATE INDEX "budget_payers_payer_department_id_idx" ON "budget_payers" USING btree ("payer_department_id");
--> statement-breakpoint
CREATE INDEX "budget_payers_payer_position_id_idx" ON "budget_payers" USING btree ("payer_position_id");
--> statement-breakpoint
CREATE INDEX "cashbox_periods_last_modified_date_idx" ON "cashbox_periods" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "cashbox_periods_office_id_idx" ON "cashbox_periods" USING btree ("office_id");
--> statement-breakpoint
CREATE INDEX "cashbox_periods_currency_id_idx" ON "cashbox_periods" USING btree ("currency_id");
--> statement-breakpoint
CREATE INDEX "cashbox_periods_office_id_report_date_gte_idx" ON "cashbox_periods" USING btree ("office_id","report_date_gte");
--> statement-breakpoint
CREATE INDEX "cashbox_office_debts_last_modified_date_idx" ON "cashbox_office_debts" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "cashbox_office_debts_cashbox_period_id_idx" ON "cashbox_office_debts" USING btree ("cashbox_period_id");
--> statement-breakpoint
CREATE INDEX "cashbox_office_debts_budget_id_idx" ON "cashbox_office_debts" USING btree ("budget_id");
--> statement-breakpoint
CREATE INDEX "cashbox_office_debt_creditors_last_modified_date_idx" ON "cashbox_office_debt_creditors" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "cashbox_office_debt_creditors_cashbox_office_debt_id_idx" ON "cashbox_office_debt_creditors" USING btree ("cashbox_office_debt_id");
--> statement-breakpoint
CREATE INDEX "cashbox_office_debt_creditors_office_id_idx" ON "cashbox_office_debt_creditors" USING btree ("office_id");
--> statement-breakpoint
CREATE INDEX "cashbox_office_debt_creditors_payment_status_id_idx" ON "cashbox_office_debt_creditors" USING btree ("payment_status_id");
--> statement-breakpoint
CREATE INDEX "cashbox_office_debt_details_last_modified_date_idx" ON "cashbox_office_debt_details" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "cashbox_office_debt_details_cashbox_office_debt_id_idx" ON "cashbox_office_debt_details" USING btree ("cashbox_office_debt_id");
--> statement-breakpoint
CREATE INDEX "cashbox_office_debt_details_creditor_office_id_idx" ON "cashbox_office_debt_details" USING btree ("creditor_office_id");
