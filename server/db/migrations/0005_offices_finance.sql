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
ALTER TABLE "offices" ADD COLUMN "national_bank_type_id" bigint;
--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "client_trial_date_lte" date;
--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "royalty_trial_lte" date;
--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "time_duration_range" bigint;
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
ALTER TABLE "offices" ADD CONSTRAINT "offices_national_bank_type_id_fk" FOREIGN KEY ("national_bank_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "offices_national_bank_type_id_idx" ON "offices" USING btree ("national_bank_type_id");
