CREATE TABLE "generated_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"collection" varchar(64),
	"owner_id" bigint,
	"document_type_id" bigint,
	"template_id" bigint,
	"document_id" bigint
);

--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"gname" text,
	"lname" text,
	"bin" text,
	"country_id" bigint
);

--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"date" date,
	"payer_matter_id" bigint,
	"expense_type_id" bigint,
	"supplier_id" bigint,
	"description" text,
	"amount" numeric(19, 4),
	"currency_id" bigint,
	"amount_usd" numeric(19, 4),
	"cover_expense_office_id" bigint,
	"cash" boolean DEFAULT false,
	"increase_invoice" boolean DEFAULT false,
	"prepaid" boolean DEFAULT false,
	"fund_expense" boolean DEFAULT false,
	"un_calculate" boolean DEFAULT false,
	"vat_enabled" boolean DEFAULT false,
	"vat_percent" numeric(12, 8),
	"billing_status_id" bigint,
	"calc_date" date,
	"invoice_id" bigint,
	"verification_chain_id" bigint
);

--> statement-breakpoint
CREATE TABLE "expense_payers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"expense_id" bigint,
	"payer_position_id" bigint,
	"percentage" numeric(12, 8) DEFAULT 1
);

--> statement-breakpoint
CREATE TABLE "pre_invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"number" text,
	"date" date,
	"project_id" bigint,
	"matter_id" bigint,
	"payer_client_id" bigint,
	"office_transit_account_id" bigint,
	"contract" text,
	"hours_amount" numeric(19, 2),
	"currency_id" bigint,
	"amount" numeric(19, 4),
	"vat_percent" numeric(12, 8) DEFAULT 0,
	"vat_amount" numeric(19, 4),
	"manual_closed_amount" numeric(19, 4),
	"balance" numeric(19, 4),
	"status_id" bigint,
	"signed" boolean DEFAULT false,
	"invoice_id" bigint,
	"verification_chain_id" bigint
);

--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"number" text,
	"number_suffix" text,
	"date" date,
	"period_gte" date,
	"period_lte" date,
	"bill_type_id" bigint,
	"project_id" bigint,
	"payer_client_id" bigint,
	"invoice_language_id" bigint,
	"office_transit_account_id" bigint,
	"contract" text,
	"preview_type" text,
	"currency_id" bigint,
	"total_amount" numeric(19, 4),
	"total_amount_usd" numeric(19, 4),
	"status_id" bigint,
	"signed" boolean DEFAULT false,
	"paid" boolean DEFAULT false,
	"brm_position_id" bigint,
	"verification_chain_id" bigint
);

--> statement-breakpoint
CREATE TABLE "invoice_quotas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"invoice_id" bigint,
	"date_gte" date,
	"date_lte" date,
	"percentage" numeric(12, 8),
	"position_id" bigint
);

--> statement-breakpoint
CREATE TABLE "payment_histories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"payment_date" date,
	"amount" numeric(19, 4),
	"notes" text,
	"pre_invoice_id" bigint,
	"invoice_id" bigint
);

--> statement-breakpoint
CREATE TABLE "invoices_matter_list" (
	"owner_id" bigint NOT NULL,
	"target_id" bigint NOT NULL,
	CONSTRAINT "invoices_matter_list_pk" PRIMARY KEY("owner_id","target_id")
);

--> statement-breakpoint
ALTER TABLE "times" ADD COLUMN "invoice_id" bigint;
--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_document_type_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."office_templates"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_payer_matter_id_fk" FOREIGN KEY ("payer_matter_id") REFERENCES "public"."matters"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_expense_type_id_fk" FOREIGN KEY ("expense_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_cover_expense_office_id_fk" FOREIGN KEY ("cover_expense_office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_billing_status_id_fk" FOREIGN KEY ("billing_status_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_verification_chain_id_fk" FOREIGN KEY ("verification_chain_id") REFERENCES "public"."verification_chains"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expense_payers" ADD CONSTRAINT "expense_payers_expense_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expense_payers" ADD CONSTRAINT "expense_payers_payer_position_id_fk" FOREIGN KEY ("payer_position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pre_invoices" ADD CONSTRAINT "pre_invoices_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pre_invoices" ADD CONSTRAINT "pre_invoices_matter_id_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pre_invoices" ADD CONSTRAINT "pre_invoices_payer_client_id_fk" FOREIGN KEY ("payer_client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pre_invoices" ADD CONSTRAINT "pre_invoices_office_transit_account_id_fk" FOREIGN KEY ("office_transit_account_id") REFERENCES "public"."office_transit_accounts"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pre_invoices" ADD CONSTRAINT "pre_invoices_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pre_invoices" ADD CONSTRAINT "pre_invoices_status_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pre_invoices" ADD CONSTRAINT "pre_invoices_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pre_invoices" ADD CONSTRAINT "pre_invoices_verification_chain_id_fk" FOREIGN KEY ("verification_chain_id") REFERENCES "public"."verification_chains"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_bill_type_id_fk" FOREIGN KEY ("bill_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payer_client_id_fk" FOREIGN KEY ("payer_client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_invoice_language_id_fk" FOREIGN KEY ("invoice_language_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_office_transit_account_id_fk" FOREIGN KEY ("office_transit_account_id") REFERENCES "public"."office_transit_accounts"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_brm_position_id_fk" FOREIGN KEY ("brm_position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_verification_chain_id_fk" FOREIGN KEY ("verification_chain_id") REFERENCES "public"."verification_chains"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_quotas" ADD CONSTRAINT "invoice_quotas_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_quotas" ADD CONSTRAINT "invoice_quotas_position_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_histories" ADD CONSTRAINT "payment_histories_pre_invoice_id_fk" FOREIGN KEY ("pre_invoice_id") REFERENCES "public"."pre_invoices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_histories" ADD CONSTRAINT "payment_histories_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices_matter_list" ADD CONSTRAINT "invoices_matter_list_owner_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices_matter_list" ADD CONSTRAINT "invoices_matter_list_target_fk" FOREIGN KEY ("target_id") REFERENCES "public"."matters"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "generated_documents_last_modified_date_idx" ON "generated_documents" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "generated_documents_document_type_id_idx" ON "generated_documents" USING btree ("document_type_id");
--> statement-breakpoint
CREATE INDEX "generated_documents_template_id_idx" ON "generated_documents" USING btree ("template_id");
--> statement-breakpoint
CREATE INDEX "generated_documents_document_id_idx" ON "generated_documents" USING btree ("document_id");
--> statement-breakpoint
CREATE INDEX "generated_documents_collection_owner_id_idx" ON "generated_documents" USING btree ("collection","owner_id");
--> statement-breakpoint
CREATE INDEX "suppliers_last_modified_date_idx" ON "suppliers" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "suppliers_country_id_idx" ON "suppliers" USING btree ("country_id");
--> statement-breakpoint
CREATE INDEX "expenses_last_modified_date_idx" ON "expenses" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "expenses_payer_matter_id_idx" ON "expenses" USING btree ("payer_matter_id");
--> statement-breakpoint
CREATE INDEX "expenses_expense_type_id_idx" ON "expenses" USING btree ("expense_type_id");
--> statement-breakpoint
CREATE INDEX "expenses_supplier_id_idx" ON "expenses" USING btree ("supplier_id");
--> statement-breakpoint
CREATE INDEX "expenses_currency_id_idx" ON "expenses" USING btree ("currency_id");
--> statement-breakpoint
CREATE INDEX "expenses_cover_expense_office_id_idx" ON "expenses" USING btree ("cover_expense_office_id");
--> statement-breakpoint
CREATE INDEX "expenses_billing_status_id_idx" ON "expenses" USING btree ("billing_status_id");
--> statement-breakpoint
CREATE INDEX "expenses_invoice_id_idx" ON "expenses" USING btree ("invoice_id");
--> statement-breakpoint
CREATE INDEX "expenses_verification_chain_id_idx" ON "expenses" USING btree ("verification_chain_id");
--> statement-breakpoint
CREATE INDEX "expenses_payer_matter_id_date_idx" ON "expenses" USING btree ("payer_matter_id","date");
--> statement-breakpoint
CREATE INDEX "expense_payers_last_modified_date_idx" ON "expense_payers" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "expense_payers_expense_id_idx" ON "expense_payers" USING btree ("expense_id");
--> statement-breakpoint
CREATE INDEX "expense_payers_payer_position_id_idx" ON "expense_payers" USING btree ("payer_position_id");
--> statement-breakpoint
CREATE INDEX "pre_invoices_last_modified_date_idx" ON "pre_invoices" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "pre_invoices_project_id_idx" ON "pre_invoices" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "pre_invoices_matter_id_idx" ON "pre_invoices" USING btree ("matter_id");
--> statement-breakpoint
CREATE INDEX "pre_invoices_payer_client_id_idx" ON "pre_invoices" USING btree ("payer_client_id");
--> statement-breakpoint
CREATE INDEX "pre_invoices_office_transit_account_id_idx" ON "pre_invoices" USING btree ("office_transit_account_id");
--> statement-breakpoint
CREATE INDEX "pre_invoices_currency_id_idx" ON "pre_invoices" USING btree ("currency_id");
--> statement-breakpoint
CREATE INDEX "pre_invoices_status_id_idx" ON "pre_invoices" USING btree ("status_id");
--> statement-breakpoint
CREATE INDEX "pre_invoices_invoice_id_idx" ON "pre_invoices" USING btree ("invoice_id");
--> statement-breakpoint
CREATE INDEX "pre_invoices_verification_chain_id_idx" ON "pre_invoices" USING btree ("verification_chain_id");
--> statement-breakpoint
CREATE INDEX "invoices_last_modified_date_idx" ON "invoices" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "invoices_bill_type_id_idx" ON "invoices" USING btree ("bill_type_id");
--> statement-breakpoint
CREATE INDEX "invoices_project_id_idx" ON "invoices" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "invoices_payer_client_id_idx" ON "invoices" USING btree ("payer_client_id");
--> statement-breakpoint
CREATE INDEX "invoices_invoice_language_id_idx" ON "invoices" USING btree ("invoice_language_id");
--> statement-breakpoint
CREATE INDEX "invoices_office_transit_account_id_idx" ON "invoices" USING btree ("office_transit_account_id");
--> statement-breakpoint
CREATE INDEX "invoices_currency_id_idx" ON "invoices" USING btree ("currency_id");
--> statement-breakpoint
CREATE INDEX "invoices_status_id_idx" ON "invoices" USING btree ("status_id");
--> statement-breakpoint
CREATE INDEX "invoices_brm_position_id_idx" ON "invoices" USING btree ("brm_position_id");
--> statement-breakpoint
CREATE INDEX "invoices_verification_chain_id_idx" ON "invoices" USING btree ("verification_chain_id");
--> statement-breakpoint
CREATE INDEX "invoice_quotas_last_modified_date_idx" ON "invoice_quotas" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "invoice_quotas_invoice_id_idx" ON "invoice_quotas" USING btree ("invoice_id");
--> statement-breakpoint
CREATE INDEX "invoice_quotas_position_id_idx" ON "invoice_quotas" USING btree ("position_id");
--> statement-breakpoint
CREATE INDEX "payment_histories_last_modified_date_idx" ON "payment_histories" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "payment_histories_pre_invoice_id_idx" ON "payment_histories" USING btree ("pre_invoice_id");
--> statement-breakpoint
CREATE INDEX "payment_histories_invoice_id_idx" ON "payment_histories" USING btree ("invoice_id");
--> statement-breakpoint
CREATE INDEX "invoices_matter_list_target_id_idx" ON "invoices_matter_list" USING btree ("target_id");
--> statement-breakpoint
ALTER TABLE "times" ADD CONSTRAINT "times_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "times_invoice_id_idx" ON "times" USING btree ("invoice_id");
