CREATE TABLE "times" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"date_time" timestamp with time zone,
	"work_type_id" bigint,
	"executor_position_id" bigint,
	"employee_id" bigint,
	"work_description" text,
	"duration" bigint DEFAULT 900000,
	"billable" boolean DEFAULT true,
	"billing_status_id" bigint,
	"client_id" bigint,
	"lead_id" bigint,
	"project_id" bigint,
	"matter_id" bigint,
	"flow_id" text
);

--> statement-breakpoint
CREATE TABLE "projects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"number" text,
	"description" text,
	"deal_stage_id" bigint,
	"business_relationship_manager_position_id" bigint,
	"contact_id" bigint,
	"payer_client_id" bigint,
	"beneficiary_client_id" bigint,
	"invoice_currency_id" bigint,
	"invoice_language_id" bigint,
	"time_language_id" bigint,
	"technical_expenses_percent" numeric(12, 8),
	"tender_fund" boolean DEFAULT false,
	"vat_enabled" boolean DEFAULT false,
	"vat_percent" numeric(12, 8),
	"periods" jsonb
);

--> statement-breakpoint
CREATE TABLE "project_managers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"project_id" bigint,
	"manager_position_id" bigint,
	"percentage" numeric(12, 8),
	"period_index_number" bigint,
	"date_gte" date,
	"date_lte" date
);

--> statement-breakpoint
CREATE TABLE "matters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"number" text,
	"project_id" bigint,
	"date" date,
	"deadline" date,
	"description" text,
	"status_id" bigint,
	"responsible_position_id" bigint,
	"service_department_id" bigint,
	"product_department_id" bigint,
	"not_need_document_upload" boolean DEFAULT false,
	"international_matter" boolean DEFAULT false,
	"international_responsible_position_id" bigint,
	"international_percent" numeric(12, 8) DEFAULT 0.5,
	"hunted" boolean DEFAULT false,
	"hunter_position_id" bigint,
	"hunter_percent" numeric(12, 8) DEFAULT 0.5,
	"bill_type_id" bigint,
	"amount_fee" numeric(19, 4),
	"currency_id" bigint,
	"fee_with_tax" boolean DEFAULT false,
	"verification_chain_id" bigint
);

--> statement-breakpoint
CREATE TABLE "matter_teams" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"matter_id" bigint,
	"team_position_id" bigint,
	CONSTRAINT "matter_teams_matter_id_team_position_id_unique" UNIQUE("matter_id","team_position_id")
);

--> statement-breakpoint
CREATE TABLE "matter_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"matter_id" bigint,
	"title_id" bigint,
	"rate" numeric(19, 4),
	CONSTRAINT "matter_rates_matter_id_title_id_unique" UNIQUE("matter_id","title_id")
);

--> statement-breakpoint
CREATE TABLE "titles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"name" text,
	"sort_order" bigint,
	"exist" boolean DEFAULT true,
	"rate" boolean DEFAULT false
);

--> statement-breakpoint
CREATE TABLE "verification_chains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"description" text,
	"decision_id" bigint,
	"owner_type" text,
	"owner_id" bigint
);

--> statement-breakpoint
CREATE TABLE "verification_approvers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"verification_chain_id" bigint,
	"orderliness" bigint,
	"employee_id" bigint,
	"decision_id" bigint,
	"comment" text,
	"decision_date" timestamp with time zone
);

--> statement-breakpoint
ALTER TABLE "times" ADD CONSTRAINT "times_work_type_id_fk" FOREIGN KEY ("work_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "times" ADD CONSTRAINT "times_executor_position_id_fk" FOREIGN KEY ("executor_position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "times" ADD CONSTRAINT "times_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "times" ADD CONSTRAINT "times_billing_status_id_fk" FOREIGN KEY ("billing_status_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "times" ADD CONSTRAINT "times_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "times" ADD CONSTRAINT "times_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "times" ADD CONSTRAINT "times_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "times" ADD CONSTRAINT "times_matter_id_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_deal_stage_id_fk" FOREIGN KEY ("deal_stage_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_business_relationship_manager_position_id_fk" FOREIGN KEY ("business_relationship_manager_position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_payer_client_id_fk" FOREIGN KEY ("payer_client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_beneficiary_client_id_fk" FOREIGN KEY ("beneficiary_client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_invoice_currency_id_fk" FOREIGN KEY ("invoice_currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_invoice_language_id_fk" FOREIGN KEY ("invoice_language_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_time_language_id_fk" FOREIGN KEY ("time_language_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_managers" ADD CONSTRAINT "project_managers_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_managers" ADD CONSTRAINT "project_managers_manager_position_id_fk" FOREIGN KEY ("manager_position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_status_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_responsible_position_id_fk" FOREIGN KEY ("responsible_position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_service_department_id_fk" FOREIGN KEY ("service_department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_product_department_id_fk" FOREIGN KEY ("product_department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_international_responsible_position_id_fk" FOREIGN KEY ("international_responsible_position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_hunter_position_id_fk" FOREIGN KEY ("hunter_position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_bill_type_id_fk" FOREIGN KEY ("bill_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_verification_chain_id_fk" FOREIGN KEY ("verification_chain_id") REFERENCES "public"."verification_chains"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matter_teams" ADD CONSTRAINT "matter_teams_matter_id_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matter_teams" ADD CONSTRAINT "matter_teams_team_position_id_fk" FOREIGN KEY ("team_position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matter_rates" ADD CONSTRAINT "matter_rates_matter_id_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matter_rates" ADD CONSTRAINT "matter_rates_title_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "verification_chains" ADD CONSTRAINT "verification_chains_decision_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "verification_approvers" ADD CONSTRAINT "verification_approvers_verification_chain_id_fk" FOREIGN KEY ("verification_chain_id") REFERENCES "public"."verification_chains"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "verification_approvers" ADD CONSTRAINT "verification_approvers_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "verification_approvers" ADD CONSTRAINT "verification_approvers_decision_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "times_last_modified_date_idx" ON "times" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "times_work_type_id_idx" ON "times" USING btree ("work_type_id");
--> statement-breakpoint
CREATE INDEX "times_executor_position_id_idx" ON "times" USING btree ("executor_position_id");
--> statement-breakpoint
CREATE INDEX "times_employee_id_idx" ON "times" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "times_billing_status_id_idx" ON "times" USING btree ("billing_status_id");
--> statement-breakpoint
CREATE INDEX "times_client_id_idx" ON "times" USING btree ("client_id");
--> statement-breakpoint
CREATE INDEX "times_lead_id_idx" ON "times" USING btree ("lead_id");
--> statement-breakpoint
CREATE INDEX "times_project_id_idx" ON "times" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "times_matter_id_idx" ON "times" USING btree ("matter_id");
--> statement-breakpoint
CREATE INDEX "times_matter_id_date_time_idx" ON "times" USING btree ("matter_id","date_time");
--> statement-breakpoint
CREATE INDEX "times_employee_id_date_time_idx" ON "times" USING btree ("employee_id","date_time");
--> statement-breakpoint
CREATE INDEX "projects_last_modified_date_idx" ON "projects" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "projects_deal_stage_id_idx" ON "projects" USING btree ("deal_stage_id");
--> statement-breakpoint
CREATE INDEX "projects_business_relationship_manager_position_id_idx" ON "projects" USING btree ("business_relationship_manager_position_id");
--> statement-breakpoint
CREATE INDEX "projects_contact_id_idx" ON "projects" USING btree ("contact_id");
--> statement-breakpoint
CREATE INDEX "projects_payer_client_id_idx" ON "projects" USING btree ("payer_client_id");
--> statement-breakpoint
CREATE INDEX "projects_beneficiary_client_id_idx" ON "projects" USING btree ("beneficiary_client_id");
--> statement-breakpoint
CREATE INDEX "projects_invoice_currency_id_idx" ON "projects" USING btree ("invoice_currency_id");
--> statement-breakpoint
CREATE INDEX "projects_invoice_language_id_idx" ON "projects" USING btree ("invoice_language_id");
--> statement-breakpoint
CREATE INDEX "projects_time_language_id_idx" ON "projects" USING btree ("time_language_id");
--> statement-breakpoint
CREATE INDEX "projects_payer_client_id_last_modified_date_idx" ON "projects" USING btree ("payer_client_id","last_modified_date");
--> statement-breakpoint
CREATE INDEX "project_managers_last_modified_date_idx" ON "project_managers" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "project_managers_project_id_idx" ON "project_managers" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "project_managers_manager_position_id_idx" ON "project_managers" USING btree ("manager_position_id");
--> statement-breakpoint
CREATE INDEX "matters_last_modified_date_idx" ON "matters" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "matters_project_id_idx" ON "matters" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "matters_status_id_idx" ON "matters" USING btree ("status_id");
--> statement-breakpoint
CREATE INDEX "matters_responsible_position_id_idx" ON "matters" USING btree ("responsible_position_id");
--> statement-breakpoint
CREATE INDEX "matters_service_department_id_idx" ON "matters" USING btree ("service_department_id");
--> statement-breakpoint
CREATE INDEX "matters_product_department_id_idx" ON "matters" USING btree ("product_department_id");
--> statement-breakpoint
CREATE INDEX "matters_international_responsible_position_id_idx" ON "matters" USING btree ("international_responsible_position_id");
--> statement-breakpoint
CREATE INDEX "matters_hunter_position_id_idx" ON "matters" USING btree ("hunter_position_id");
--> statement-breakpoint
CREATE INDEX "matters_bill_type_id_idx" ON "matters" USING btree ("bill_type_id");
--> statement-breakpoint
CREATE INDEX "matters_currency_id_idx" ON "matters" USING btree ("currency_id");
--> statement-breakpoint
CREATE INDEX "matters_verification_chain_id_idx" ON "matters" USING btree ("verification_chain_id");
--> statement-breakpoint
CREATE INDEX "matters_project_id_last_modified_date_idx" ON "matters" USING btree ("project_id","last_modified_date");
--> statement-breakpoint
CREATE INDEX "matter_teams_last_modified_date_idx" ON "matter_teams" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "matter_teams_matter_id_idx" ON "matter_teams" USING btree ("matter_id");
--> statement-breakpoint
CREATE INDEX "matter_teams_team_position_id_idx" ON "matter_teams" USING btree ("team_position_id");
--> statement-breakpoint
CREATE INDEX "matter_rates_last_modified_date_idx" ON "matter_rates" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "matter_rates_matter_id_idx" ON "matter_rates" USING btree ("matter_id");
--> statement-breakpoint
CREATE INDEX "matter_rates_title_id_idx" ON "matter_rates" USING btree ("title_id");
--> statement-breakpoint
CREATE INDEX "titles_last_modified_date_idx" ON "titles" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "verification_chains_last_modified_date_idx" ON "verification_chains" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "verification_chains_decision_id_idx" ON "verification_chains" USING btree ("decision_id");
--> statement-breakpoint
CREATE INDEX "verification_approvers_last_modified_date_idx" ON "verification_approvers" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "verification_approvers_verification_chain_id_idx" ON "verification_approvers" USING btree ("verification_chain_id");
--> statement-breakpoint
CREATE INDEX "verification_approvers_employee_id_idx" ON "verification_approvers" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "verification_approvers_decision_id_idx" ON "verification_approvers" USING btree ("decision_id");
