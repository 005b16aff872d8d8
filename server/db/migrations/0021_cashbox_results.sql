CREATE TABLE "cashbox_budget_distributions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"cashbox_period_id" bigint,
	"budget_id" bigint,
	"budget_payer_id" bigint,
	"position_id" bigint,
	"department_id" bigint,
	"office_id" bigint,
	"recipient_employee_id" bigint,
	"closed_by_fund" boolean,
	"amount" numeric(19, 4)
);

--> statement-breakpoint
CREATE TABLE "cashbox_employee_balances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"cashbox_period_id" bigint,
	"office_id" bigint,
	"report_date" date,
	"recipient_employee_id" bigint,
	"previous_amount" numeric(19, 4),
	"profits" numeric(19, 4),
	"balance_amount" numeric(19, 4),
	"balance_amount_usd" numeric(19, 4),
	"comment" text
);

--> statement-breakpoint
CREATE TABLE "cashbox_fund_balances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"cashbox_period_id" bigint,
	"position_id" bigint,
	"recipient_employee_id" bigint,
	"fund_scheme_id" bigint,
	"target_office_id" bigint,
	"target_department_id" bigint,
	"target_position_id" bigint,
	"amount" numeric(19, 4)
);

--> statement-breakpoint
CREATE TABLE "cashbox_fund_incomes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"cashbox_period_id" bigint,
	"payment_id" bigint,
	"fund_type_id" bigint,
	"locate_office_id" bigint,
	"distribution_row_id" bigint,
	"recipient_employee_id" bigint,
	"amount" numeric(19, 4)
);

--> statement-breakpoint
CREATE TABLE "cashbox_group_budget_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"cashbox_period_id" bigint,
	"from_group_profit_id" bigint,
	"from_group_department_id" bigint,
	"to_position_id" bigint,
	"to_office_id" bigint,
	"recipient_employee_id" bigint,
	"amount" numeric(19, 4)
);

--> statement-breakpoint
CREATE TABLE "cashbox_group_profits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"cashbox_period_id" bigint,
	"group_department_id" bigint,
	"group_department_type_code" bigint,
	"group_office_id" bigint,
	"members_amount_sum" numeric(19, 4),
	"group_budget_amount" numeric(19, 4),
	"total_amount" numeric(19, 4)
);

--> statement-breakpoint
CREATE TABLE "cashbox_position_expenses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"cashbox_period_id" bigint,
	"position_id" bigint,
	"recipient_employee_id" bigint,
	"category_id" bigint,
	"amount" numeric(19, 4)
);

--> statement-breakpoint
CREATE TABLE "cashbox_position_incomes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"cashbox_period_id" bigint,
	"cashbox_group_profit_id" bigint,
	"recipient_position_id" bigint,
	"recipient_employee_id" bigint,
	"category_id" bigint,
	"role" text,
	"payment_id" bigint,
	"invoice_id" bigint,
	"matter_id" bigint,
	"expense_id" bigint,
	"amount" numeric(19, 4)
);

--> statement-breakpoint
CREATE TABLE "cashbox_position_profits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"cashbox_period_id" bigint,
	"cashbox_group_profit_id" bigint,
	"transfer_cashbox_fund_balance_id" bigint,
	"recipient_position_id" bigint,
	"recipient_employee_id" bigint,
	"transfer_type_id" bigint,
	"efficiency_amount_local" numeric(19, 4),
	"sum_amount_local" numeric(19, 4),
	"profit_amount_local" numeric(19, 4),
	"get" numeric(12, 8),
	"put" numeric(12, 8),
	"junior_partner" boolean,
	"percent_shown" bigint,
	"income_amount" numeric(19, 4),
	"personal_budget_amount" numeric(19, 4),
	"paid_expense_amount" numeric(19, 4),
	"non_cash_not_prepaid_expense_amount" numeric(19, 4),
	"cash_budget_amount" numeric(19, 4),
	"cash_prepaid_expense_amount" numeric(19, 4),
	"transfer_amount" numeric(19, 4)
);

--> statement-breakpoint
CREATE TABLE "cashbox_sources" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"cashbox_period_id" bigint,
	"line_entity" varchar(60),
	"line_id" bigint,
	"source_entity" varchar(60),
	"source_id" bigint,
	"recipient_employee_id" bigint,
	"amount" numeric(19, 4)
);

--> statement-breakpoint
CREATE TABLE "cashbox_technical_expenses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"cashbox_period_id" bigint,
	"payment_id" bigint,
	"project_id" bigint,
	"office_id" bigint,
	"recipient_employee_id" bigint,
	"amount" numeric(19, 4)
);

--> statement-breakpoint
ALTER TABLE "cashbox_periods" ADD COLUMN "office_traffic_type_id" bigint;
--> statement-breakpoint
ALTER TABLE "cashbox_periods" ADD COLUMN "version_id" bigint;
--> statement-breakpoint
ALTER TABLE "cashbox_periods" ADD COLUMN "status" text;
--> statement-breakpoint
ALTER TABLE "cashbox_periods" ADD COLUMN "closed_by" text;
--> statement-breakpoint
ALTER TABLE "cashbox_periods" ADD COLUMN "closed_date" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "cashbox_periods" ADD COLUMN "calculated_by" text;
--> statement-breakpoint
ALTER TABLE "cashbox_periods" ADD COLUMN "calculated_date" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "cashbox_budget_distributions" ADD CONSTRAINT "cashbox_budget_distributions_cashbox_period_id_fk" FOREIGN KEY ("cashbox_period_id") REFERENCES "public"."cashbox_periods"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_budget_distributions" ADD CONSTRAINT "cashbox_budget_distributions_budget_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_budget_distributions" ADD CONSTRAINT "cashbox_budget_distributions_budget_payer_id_fk" FOREIGN KEY ("budget_payer_id") REFERENCES "public"."budget_payers"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_budget_distributions" ADD CONSTRAINT "cashbox_budget_distributions_position_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_budget_distributions" ADD CONSTRAINT "cashbox_budget_distributions_department_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_budget_distributions" ADD CONSTRAINT "cashbox_budget_distributions_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_budget_distributions" ADD CONSTRAINT "cashbox_budget_distributions_recipient_employee_id_fk" FOREIGN KEY ("recipient_employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_employee_balances" ADD CONSTRAINT "cashbox_employee_balances_cashbox_period_id_fk" FOREIGN KEY ("cashbox_period_id") REFERENCES "public"."cashbox_periods"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_employee_balances" ADD CONSTRAINT "cashbox_employee_balances_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_employee_balances" ADD CONSTRAINT "cashbox_employee_balances_recipient_employee_id_fk" FOREIGN KEY ("recipient_employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_fund_balances" ADD CONSTRAINT "cashbox_fund_balances_cashbox_period_id_fk" FOREIGN KEY ("cashbox_period_id") REFERENCES "public"."cashbox_periods"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_fund_balances" ADD CONSTRAINT "cashbox_fund_balances_position_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_fund_balances" ADD CONSTRAINT "cashbox_fund_balances_recipient_employee_id_fk" FOREIGN KEY ("recipient_employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_fund_balances" ADD CONSTRAINT "cashbox_fund_balances_fund_scheme_id_fk" FOREIGN KEY ("fund_scheme_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_fund_balances" ADD CONSTRAINT "cashbox_fund_balances_target_office_id_fk" FOREIGN KEY ("target_office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_fund_balances" ADD CONSTRAINT "cashbox_fund_balances_target_department_id_fk" FOREIGN KEY ("target_department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_fund_balances" ADD CONSTRAINT "cashbox_fund_balances_target_position_id_fk" FOREIGN KEY ("target_position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_fund_incomes" ADD CONSTRAINT "cashbox_fund_incomes_cashbox_period_id_fk" FOREIGN KEY ("cashbox_period_id") REFERENCES "public"."cashbox_periods"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_fund_incomes" ADD CONSTRAINT "cashbox_fund_incomes_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_histories"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_fund_incomes" ADD CONSTRAINT "cashbox_fund_incomes_fund_type_id_fk" FOREIGN KEY ("fund_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_fund_incomes" ADD CONSTRAINT "cashbox_fund_incomes_locate_office_id_fk" FOREIGN KEY ("locate_office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_fund_incomes" ADD CONSTRAINT "cashbox_fund_incomes_distribution_row_id_fk" FOREIGN KEY ("distribution_row_id") REFERENCES "public"."office_income_distribution_percents"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_fund_incomes" ADD CONSTRAINT "cashbox_fund_incomes_recipient_employee_id_fk" FOREIGN KEY ("recipient_employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_group_budget_transfers" ADD CONSTRAINT "cashbox_group_budget_transfers_cashbox_period_id_fk" FOREIGN KEY ("cashbox_period_id") REFERENCES "public"."cashbox_periods"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_group_budget_transfers" ADD CONSTRAINT "cashbox_group_budget_transfers_from_group_profit_id_fk" FOREIGN KEY ("from_group_profit_id") REFERENCES "public"."cashbox_group_profits"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_group_budget_transfers" ADD CONSTRAINT "cashbox_group_budget_transfers_from_group_department_id_fk" FOREIGN KEY ("from_group_department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_group_budget_transfers" ADD CONSTRAINT "cashbox_group_budget_transfers_to_position_id_fk" FOREIGN KEY ("to_position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_group_budget_transfers" ADD CONSTRAINT "cashbox_group_budget_transfers_to_office_id_fk" FOREIGN KEY ("to_office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_group_budget_transfers" ADD CONSTRAINT "cashbox_group_budget_transfers_recipient_employee_id_fk" FOREIGN KEY ("recipient_employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_group_profits" ADD CONSTRAINT "cashbox_group_profits_cashbox_period_id_fk" FOREIGN KEY ("cashbox_period_id") REFERENCES "public"."cashbox_periods"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_group_profits" ADD CONSTRAINT "cashbox_group_profits_group_department_id_fk" FOREIGN KEY ("group_department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_group_profits" ADD CONSTRAINT "cashbox_group_profits_group_office_id_fk" FOREIGN KEY ("group_office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_expenses" ADD CONSTRAINT "cashbox_position_expenses_cashbox_period_id_fk" FOREIGN KEY ("cashbox_period_id") REFERENCES "public"."cashbox_periods"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_expenses" ADD CONSTRAINT "cashbox_position_expenses_position_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_expenses" ADD CONSTRAINT "cashbox_position_expenses_recipient_employee_id_fk" FOREIGN KEY ("recipient_employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_expenses" ADD CONSTRAINT "cashbox_position_expenses_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_incomes" ADD CONSTRAINT "cashbox_position_incomes_cashbox_period_id_fk" FOREIGN KEY ("cashbox_period_id") REFERENCES "public"."cashbox_periods"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_incomes" ADD CONSTRAINT "cashbox_position_incomes_cashbox_group_profit_id_fk" FOREIGN KEY ("cashbox_group_profit_id") REFERENCES "public"."cashbox_group_profits"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_incomes" ADD CONSTRAINT "cashbox_position_incomes_recipient_position_id_fk" FOREIGN KEY ("recipient_position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_incomes" ADD CONSTRAINT "cashbox_position_incomes_recipient_employee_id_fk" FOREIGN KEY ("recipient_employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_incomes" ADD CONSTRAINT "cashbox_position_incomes_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_incomes" ADD CONSTRAINT "cashbox_position_incomes_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_histories"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_incomes" ADD CONSTRAINT "cashbox_position_incomes_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_incomes" ADD CONSTRAINT "cashbox_position_incomes_matter_id_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_incomes" ADD CONSTRAINT "cashbox_position_incomes_expense_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_profits" ADD CONSTRAINT "cashbox_position_profits_cashbox_period_id_fk" FOREIGN KEY ("cashbox_period_id") REFERENCES "public"."cashbox_periods"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_profits" ADD CONSTRAINT "cashbox_position_profits_cashbox_group_profit_id_fk" FOREIGN KEY ("cashbox_group_profit_id") REFERENCES "public"."cashbox_group_profits"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_profits" ADD CONSTRAINT "cashbox_position_profits_transfer_cashbox_fund_balance_id_fk" FOREIGN KEY ("transfer_cashbox_fund_balance_id") REFERENCES "public"."cashbox_fund_balances"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_profits" ADD CONSTRAINT "cashbox_position_profits_recipient_position_id_fk" FOREIGN KEY ("recipient_position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_profits" ADD CONSTRAINT "cashbox_position_profits_recipient_employee_id_fk" FOREIGN KEY ("recipient_employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_position_profits" ADD CONSTRAINT "cashbox_position_profits_transfer_type_id_fk" FOREIGN KEY ("transfer_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_sources" ADD CONSTRAINT "cashbox_sources_cashbox_period_id_fk" FOREIGN KEY ("cashbox_period_id") REFERENCES "public"."cashbox_periods"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_sources" ADD CONSTRAINT "cashbox_sources_recipient_employee_id_fk" FOREIGN KEY ("recipient_employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_technical_expenses" ADD CONSTRAINT "cashbox_technical_expenses_cashbox_period_id_fk" FOREIGN KEY ("cashbox_period_id") REFERENCES "public"."cashbox_periods"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_technical_expenses" ADD CONSTRAINT "cashbox_technical_expenses_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_histories"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_technical_expenses" ADD CONSTRAINT "cashbox_technical_expenses_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_technical_expenses" ADD CONSTRAINT "cashbox_technical_expenses_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_technical_expenses" ADD CONSTRAINT "cashbox_technical_expenses_recipient_employee_id_fk" FOREIGN KEY ("recipient_employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "cashbox_budget_distributions_last_modified_date_idx" ON "cashbox_budget_distributions" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "cashbox_budget_distributions_cashbox_period_id_idx" ON "cashbox_budget_distributions" USING btree ("cashbox_period_id");
--> statement-breakpoint
CREATE INDEX "cashbox_budget_distributions_budget_id_idx" ON "cashbox_budget_distributions" USING btree ("budget_id");
--> statement-breakpoint
CREATE INDEX "cashbox_budget_distributions_budget_payer_id_idx" ON "cashbox_budget_distributions" USING btree ("budget_payer_id");
--> statement-breakpoint
CREATE INDEX "cashbox_budget_distributions_position_id_idx" ON "cashbox_budget_distributions" USING btree ("position_id");
--> statement-breakpoint
CREATE INDEX "cashbox_budget_distributions_department_id_idx" ON "cashbox_budget_distributions" USING btree ("department_id");
--> statement-breakpoint
CREATE INDEX "cashbox_budget_distributions_office_id_idx" ON "cashbox_budget_distributions" USING btree ("office_id");
--> statement-breakpoint
CREATE INDEX "cashbox_budget_distributions_recipient_employee_id_idx" ON "cashbox_budget_distributions" USING btree ("recipient_employee_id");
--> statement-breakpoint
CREATE INDEX "cashbox_employee_balances_last_modified_date_idx" ON "cashbox_employee_balances" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "cashbox_employee_balances_cashbox_period_id_idx" ON "cashbox_employee_balances" USING btree ("cashbox_period_id");
--> statement-breakpoint
CREATE INDEX "cashbox_employee_balances_office_id_idx" ON "cashbox_employee_balances" USING btree ("office_id");
--> statement-breakpoint
CREATE INDEX "cashbox_employee_balances_recipient_employee_id_idx" ON "cashbox_employee_balances" USING btree ("recipient_employee_id");
--> statement-breakpoint
CREATE INDEX "cashbox_fund_balances_last_modified_date_idx" ON "cashbox_fund_balances" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "cashbox_fund_balances_cashbox_period_id_idx" ON "cashbox_fund_balances" USING btree ("cashbox_period_id");
--> statement-breakpoint
CREATE INDEX "cashbox_fund_balances_position_id_idx" ON "cashbox_fund_balances" USING btree ("position_id");
--> statement-breakpoint
CREATE INDEX "cashbox_fund_balances_recipient_employee_id_idx" ON "cashbox_fund_balances" USING btree ("recipient_employee_id");
--> statement-breakpoint
CREATE INDEX "cashbox_fund_balances_fund_scheme_id_idx" ON "cashbox_fund_balances" USING btree ("fund_scheme_id");
--> statement-breakpoint
CREATE INDEX "cashbox_fund_balances_target_office_id_idx" ON "cashbox_fund_balances" USING btree ("target_office_id");
--> statement-breakpoint
CREATE INDEX "cashbox_fund_balances_target_department_id_idx" ON "cashbox_fund_balances" USING btree ("target_department_id");
--> statement-breakpoint
CREATE INDEX "cashbox_fund_balances_target_position_id_idx" ON "cashbox_fund_balances" USING btree ("target_position_id");
--> statement-breakpoint
CREATE INDEX "cashbox_fund_incomes_last_modified_date_idx" ON "cashbox_fund_incomes" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "cashbox_fund_incomes_cashbox_period_id_idx" ON "cashbox_fund_incomes" USING btree ("cashbox_period_id");
--> statement-breakpoint
CREATE INDEX "cashbox_fund_incomes_payment_id_idx" ON "cashbox_fund_incomes" USING btree ("payment_id");
--> statement-breakpoint
CREATE INDEX "cashbox_fund_incomes_fund_type_id_idx" ON "cashbox_fund_incomes" USING btree ("fund_type_id");
--> statement-breakpoint
CREATE INDEX "cashbox_fund_incomes_locate_office_id_idx" ON "cashbox_fund_incomes" USING btree ("locate_office_id");
--> statement-breakpoint
CREATE INDEX "cashbox_fund_incomes_distribution_row_id_idx" ON "cashbox_fund_incomes" USING btree ("distribution_row_id");
--> statement-breakpoint
CREATE INDEX "cashbox_fund_incomes_recipient_employee_id_idx" ON "cashbox_fund_incomes" USING btree ("recipient_employee_id");
--> statement-breakpoint
CREATE INDEX "cashbox_group_budget_transfers_last_modified_date_idx" ON "cashbox_group_budget_transfers" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "cashbox_group_budget_transfers_cashbox_period_id_idx" ON "cashbox_group_budget_transfers" USING btree ("cashbox_period_id");
--> statement-breakpoint
CREATE INDEX "cashbox_group_budget_transfers_from_group_profit_id_idx" ON "cashbox_group_budget_transfers" USING btree ("from_group_profit_id");
--> statement-breakpoint
CREATE INDEX "cashbox_group_budget_transfers_from_group_department_id_idx" ON "cashbox_group_budget_transfers" USING btree ("from_group_department_id");
--> statement-breakpoint
CREATE INDEX "cashbox_group_budget_transfers_to_position_id_idx" ON "cashbox_group_budget_transfers" USING btree ("to_position_id");
--> statement-breakpoint
CREATE INDEX "cashbox_group_budget_transfers_to_office_id_idx" ON "cashbox_group_budget_transfers" USING btree ("to_office_id");
--> statement-breakpoint
CREATE INDEX "cashbox_group_budget_transfers_recipient_employee_id_idx" ON "cashbox_group_budget_transfers" USING btree ("recipient_employee_id");
--> statement-breakpoint
CREATE INDEX "cashbox_group_profits_last_modified_date_idx" ON "cashbox_group_profits" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "cashbox_group_profits_cashbox_period_id_idx" ON "cashbox_group_profits" USING btree ("cashbox_period_id");
--> statement-breakpoint
CREATE INDEX "cashbox_group_profits_group_department_id_idx" ON "cashbox_group_profits" USING btree ("group_department_id");
--> statement-breakpoint
CREATE INDEX "cashbox_group_profits_group_office_id_idx" ON "cashbox_group_profits" USING btree ("group_office_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_expenses_last_modified_date_idx" ON "cashbox_position_expenses" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "cashbox_position_expenses_cashbox_period_id_idx" ON "cashbox_position_expenses" USING btree ("cashbox_period_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_expenses_position_id_idx" ON "cashbox_position_expenses" USING btree ("position_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_expenses_recipient_employee_id_idx" ON "cashbox_position_expenses" USING btree ("recipient_employee_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_expenses_category_id_idx" ON "cashbox_position_expenses" USING btree ("category_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_incomes_last_modified_date_idx" ON "cashbox_position_incomes" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "cashbox_position_incomes_cashbox_period_id_idx" ON "cashbox_position_incomes" USING btree ("cashbox_period_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_incomes_cashbox_group_profit_id_idx" ON "cashbox_position_incomes" USING btree ("cashbox_group_profit_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_incomes_recipient_position_id_idx" ON "cashbox_position_incomes" USING btree ("recipient_position_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_incomes_recipient_employee_id_idx" ON "cashbox_position_incomes" USING btree ("recipient_employee_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_incomes_category_id_idx" ON "cashbox_position_incomes" USING btree ("category_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_incomes_payment_id_idx" ON "cashbox_position_incomes" USING btree ("payment_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_incomes_invoice_id_idx" ON "cashbox_position_incomes" USING btree ("invoice_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_incomes_matter_id_idx" ON "cashbox_position_incomes" USING btree ("matter_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_incomes_expense_id_idx" ON "cashbox_position_incomes" USING btree ("expense_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_profits_last_modified_date_idx" ON "cashbox_position_profits" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "cashbox_position_profits_cashbox_period_id_idx" ON "cashbox_position_profits" USING btree ("cashbox_period_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_profits_cashbox_group_profit_id_idx" ON "cashbox_position_profits" USING btree ("cashbox_group_profit_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_profits_transfer_cashbox_fund_balance_id_idx" ON "cashbox_position_profits" USING btree ("transfer_cashbox_fund_balance_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_profits_recipient_position_id_idx" ON "cashbox_position_profits" USING btree ("recipient_position_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_profits_recipient_employee_id_idx" ON "cashbox_position_profits" USING btree ("recipient_employee_id");
--> statement-breakpoint
CREATE INDEX "cashbox_position_profits_transfer_type_id_idx" ON "cashbox_position_profits" USING btree ("transfer_type_id");
--> statement-breakpoint
CREATE INDEX "cashbox_sources_last_modified_date_idx" ON "cashbox_sources" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "cashbox_sources_cashbox_period_id_idx" ON "cashbox_sources" USING btree ("cashbox_period_id");
--> statement-breakpoint
CREATE INDEX "cashbox_sources_recipient_employee_id_idx" ON "cashbox_sources" USING btree ("recipient_employee_id");
--> statement-breakpoint
CREATE INDEX "cashbox_sources_line_entity_line_id_idx" ON "cashbox_sources" USING btree ("line_entity","line_id");
--> statement-breakpoint
CREATE INDEX "cashbox_sources_source_entity_source_id_idx" ON "cashbox_sources" USING btree ("source_entity","source_id");
--> statement-breakpoint
CREATE INDEX "cashbox_technical_expenses_last_modified_date_idx" ON "cashbox_technical_expenses" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "cashbox_technical_expenses_cashbox_period_id_idx" ON "cashbox_technical_expenses" USING btree ("cashbox_period_id");
--> statement-breakpoint
CREATE INDEX "cashbox_technical_expenses_payment_id_idx" ON "cashbox_technical_expenses" USING btree ("payment_id");
--> statement-breakpoint
CREATE INDEX "cashbox_technical_expenses_project_id_idx" ON "cashbox_technical_expenses" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "cashbox_technical_expenses_office_id_idx" ON "cashbox_technical_expenses" USING btree ("office_id");
--> statement-breakpoint
CREATE INDEX "cashbox_technical_expenses_recipient_employee_id_idx" ON "cashbox_technical_expenses" USING btree ("recipient_employee_id");
--> statement-breakpoint
ALTER TABLE "cashbox_periods" ADD CONSTRAINT "cashbox_periods_office_traffic_type_id_fk" FOREIGN KEY ("office_traffic_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_periods" ADD CONSTRAINT "cashbox_periods_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "cashbox_periods_office_traffic_type_id_idx" ON "cashbox_periods" USING btree ("office_traffic_type_id");
--> statement-breakpoint
CREATE INDEX "cashbox_periods_version_id_idx" ON "cashbox_periods" USING btree ("version_id");
