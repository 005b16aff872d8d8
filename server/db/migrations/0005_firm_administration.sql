CREATE TABLE "employee_titles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"employee_id" bigint,
	"title_id" bigint,
	"date_gte" date,
	"date_lte" date
);

--> statement-breakpoint
CREATE TABLE "position_funds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"position_id" bigint,
	"type_id" bigint,
	"date_gte" date,
	"date_lte" date,
	"put" numeric(12, 8) DEFAULT 0,
	"get" numeric(12, 8) DEFAULT 0,
	"scheme_id" bigint,
	"transfer_office_id" bigint,
	"transfer_department_id" bigint,
	"transfer_position_id" bigint
);

--> statement-breakpoint
CREATE TABLE "position_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"position_id" bigint,
	"office_id" bigint,
	"rate" numeric(19, 4),
	"currency_id" bigint,
	"date_gte" date,
	"date_lte" date
);

--> statement-breakpoint
CREATE TABLE "currency_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"currency_id" bigint,
	"date" date,
	"rate_to_usd" numeric(19, 8),
	CONSTRAINT "currency_rates_currency_id_date_unique" UNIQUE("currency_id","date")
);

--> statement-breakpoint
CREATE TABLE "office_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"office_id" bigint,
	"expense_increase_percent" numeric(12, 8) DEFAULT 0,
	"active" boolean DEFAULT true,
	"account" jsonb
);

--> statement-breakpoint
CREATE TABLE "office_transit_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"office_account_id" bigint,
	"currency_id" bigint,
	"corresponding_account" varchar(64),
	"account" jsonb,
	CONSTRAINT "office_transit_accounts_currency_id_office_account_id_unique" UNIQUE("currency_id","office_account_id")
);

--> statement-breakpoint
CREATE TABLE "office_income_distributions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"office_id" bigint,
	"traffic_type_id" bigint,
	"soft_development_lawyer_percent" numeric(12, 8) DEFAULT 0.21,
	CONSTRAINT "office_income_distributions_traffic_type_id_office_id_unique" UNIQUE("traffic_type_id","office_id")
);

--> statement-breakpoint
CREATE TABLE "office_income_distribution_percents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"office_income_distribution_id" bigint,
	"income_distribution_type_id" bigint,
	"percent" numeric(12, 8),
	"fund_id" bigint,
	"fund_transfer_office_id" bigint,
	"soft_development_member" boolean DEFAULT false,
	"international" boolean DEFAULT false,
	"transferable" boolean DEFAULT true
);

--> statement-breakpoint
CREATE TABLE "office_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"office_id" bigint,
	"document_type_id" bigint,
	"location_type_id" bigint,
	"document_id" bigint
);

--> statement-breakpoint
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
ALTER TABLE "offices" ADD COLUMN "national_bank_type_id" bigint;
--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "client_trial_date_lte" date;
--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "royalty_trial_lte" date;
--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "time_duration_range" bigint;
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "photo_id" bigint;
--> statement-breakpoint
ALTER TABLE "employee_titles" ADD CONSTRAINT "employee_titles_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_titles" ADD CONSTRAINT "employee_titles_title_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_funds" ADD CONSTRAINT "position_funds_position_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_funds" ADD CONSTRAINT "position_funds_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_funds" ADD CONSTRAINT "position_funds_scheme_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_funds" ADD CONSTRAINT "position_funds_transfer_office_id_fk" FOREIGN KEY ("transfer_office_id") REFERENCES "public"."offices"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_funds" ADD CONSTRAINT "position_funds_transfer_department_id_fk" FOREIGN KEY ("transfer_department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_funds" ADD CONSTRAINT "position_funds_transfer_position_id_fk" FOREIGN KEY ("transfer_position_id") REFERENCES "public"."positions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_rates" ADD CONSTRAINT "position_rates_position_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_rates" ADD CONSTRAINT "position_rates_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_rates" ADD CONSTRAINT "position_rates_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "currency_rates" ADD CONSTRAINT "currency_rates_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_accounts" ADD CONSTRAINT "office_accounts_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_transit_accounts" ADD CONSTRAINT "office_transit_accounts_office_account_id_fk" FOREIGN KEY ("office_account_id") REFERENCES "public"."office_accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_transit_accounts" ADD CONSTRAINT "office_transit_accounts_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_income_distributions" ADD CONSTRAINT "office_income_distributions_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_income_distributions" ADD CONSTRAINT "office_income_distributions_traffic_type_id_fk" FOREIGN KEY ("traffic_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_income_distribution_percents" ADD CONSTRAINT "office_income_distribution_percents_office_income_distribution_id_fk" FOREIGN KEY ("office_income_distribution_id") REFERENCES "public"."office_income_distributions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_income_distribution_percents" ADD CONSTRAINT "office_income_distribution_percents_income_distribution_type_id_fk" FOREIGN KEY ("income_distribution_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_income_distribution_percents" ADD CONSTRAINT "office_income_distribution_percents_fund_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_income_distribution_percents" ADD CONSTRAINT "office_income_distribution_percents_fund_transfer_office_id_fk" FOREIGN KEY ("fund_transfer_office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_templates" ADD CONSTRAINT "office_templates_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_templates" ADD CONSTRAINT "office_templates_document_type_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_templates" ADD CONSTRAINT "office_templates_location_type_id_fk" FOREIGN KEY ("location_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_templates" ADD CONSTRAINT "office_templates_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;
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
CREATE INDEX "employee_titles_last_modified_date_idx" ON "employee_titles" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "employee_titles_employee_id_idx" ON "employee_titles" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "employee_titles_title_id_idx" ON "employee_titles" USING btree ("title_id");
--> statement-breakpoint
CREATE INDEX "position_funds_last_modified_date_idx" ON "position_funds" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "position_funds_position_id_idx" ON "position_funds" USING btree ("position_id");
--> statement-breakpoint
CREATE INDEX "position_funds_type_id_idx" ON "position_funds" USING btree ("type_id");
--> statement-breakpoint
CREATE INDEX "position_funds_scheme_id_idx" ON "position_funds" USING btree ("scheme_id");
--> statement-breakpoint
CREATE INDEX "position_funds_transfer_office_id_idx" ON "position_funds" USING btree ("transfer_office_id");
--> statement-breakpoint
CREATE INDEX "position_funds_transfer_department_id_idx" ON "position_funds" USING btree ("transfer_department_id");
--> statement-breakpoint
CREATE INDEX "position_funds_transfer_position_id_idx" ON "position_funds" USING btree ("transfer_position_id");
--> statement-breakpoint
CREATE INDEX "position_rates_last_modified_date_idx" ON "position_rates" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "position_rates_position_id_idx" ON "position_rates" USING btree ("position_id");
--> statement-breakpoint
CREATE INDEX "position_rates_office_id_idx" ON "position_rates" USING btree ("office_id");
--> statement-breakpoint
CREATE INDEX "position_rates_currency_id_idx" ON "position_rates" USING btree ("currency_id");
--> statement-breakpoint
CREATE INDEX "currency_rates_last_modified_date_idx" ON "currency_rates" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "currency_rates_currency_id_idx" ON "currency_rates" USING btree ("currency_id");
--> statement-breakpoint
CREATE INDEX "office_accounts_last_modified_date_idx" ON "office_accounts" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "office_accounts_office_id_idx" ON "office_accounts" USING btree ("office_id");
--> statement-breakpoint
CREATE INDEX "office_transit_accounts_last_modified_date_idx" ON "office_transit_accounts" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "office_transit_accounts_office_account_id_idx" ON "office_transit_accounts" USING btree ("office_account_id");
--> statement-breakpoint
CREATE INDEX "office_transit_accounts_currency_id_idx" ON "office_transit_accounts" USING btree ("currency_id");
--> statement-breakpoint
CREATE INDEX "office_income_distributions_last_modified_date_idx" ON "office_income_distributions" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "office_income_distributions_office_id_idx" ON "office_income_distributions" USING btree ("office_id");
--> statement-breakpoint
CREATE INDEX "office_income_distributions_traffic_type_id_idx" ON "office_income_distributions" USING btree ("traffic_type_id");
--> statement-breakpoint
CREATE INDEX "office_income_distribution_percents_last_modified_date_idx" ON "office_income_distribution_percents" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "office_income_distribution_percents_office_income_distribution_id_idx" ON "office_income_distribution_percents" USING btree ("office_income_distribution_id");
--> statement-breakpoint
CREATE INDEX "office_income_distribution_percents_income_distribution_type_id_idx" ON "office_income_distribution_percents" USING btree ("income_distribution_type_id");
--> statement-breakpoint
CREATE INDEX "office_income_distribution_percents_fund_id_idx" ON "office_income_distribution_percents" USING btree ("fund_id");
--> statement-breakpoint
CREATE INDEX "office_income_distribution_percents_fund_transfer_office_id_idx" ON "office_income_distribution_percents" USING btree ("fund_transfer_office_id");
--> statement-breakpoint
CREATE INDEX "office_templates_last_modified_date_idx" ON "office_templates" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "office_templates_office_id_idx" ON "office_templates" USING btree ("office_id");
--> statement-breakpoint
CREATE INDEX "office_templates_document_type_id_idx" ON "office_templates" USING btree ("document_type_id");
--> statement-breakpoint
CREATE INDEX "office_templates_location_type_id_idx" ON "office_templates" USING btree ("location_type_id");
--> statement-breakpoint
CREATE INDEX "office_templates_document_id_idx" ON "office_templates" USING btree ("document_id");
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
--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_national_bank_type_id_fk" FOREIGN KEY ("national_bank_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_photo_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "offices_national_bank_type_id_idx" ON "offices" USING btree ("national_bank_type_id");
--> statement-breakpoint
CREATE INDEX "employees_photo_id_idx" ON "employees" USING btree ("photo_id");
