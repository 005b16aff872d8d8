CREATE TABLE "base_dictionaries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"type_id" bigint,
	"code" bigint,
	"gname" text,
	"lname" text,
	"orderliness" bigint,
	"char_code" varchar(32),
	CONSTRAINT "base_dictionaries_code_type_id_unique" UNIQUE("code","type_id")
);
--> statement-breakpoint
CREATE TABLE "base_dictionary_types" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"code" bigint,
	"gname" text,
	"lname" text,
	CONSTRAINT "base_dictionary_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"gname" varchar(255),
	"under_sanctions" boolean DEFAULT false,
	"sanction_comments" text,
	"site_url" text,
	"sector_id" bigint,
	"sub_sector_id" bigint,
	"country_id" bigint,
	"iin_bin" varchar(32),
	"vat_enabled" boolean DEFAULT false,
	"vat_percent" numeric(12, 8) DEFAULT 0,
	"address" text,
	"business_form_id" bigint,
	"account" jsonb
);
--> statement-breakpoint
CREATE TABLE "contact_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"contact_id" bigint,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"client_id" bigint,
	"gname" text,
	"gjob_title" text,
	"stage_id" bigint,
	"first_email" text,
	"first_phone_number" text,
	"second_phone_number" text,
	"relationship_manager_position_id" bigint,
	"email_subscribed" boolean DEFAULT false,
	"language_id" bigint,
	"comments" text,
	"linkedin" text
);
--> statement-breakpoint
CREATE TABLE "contacts_rank_list" (
	"owner_id" bigint NOT NULL,
	"target_id" bigint NOT NULL,
	CONSTRAINT "contacts_rank_list_pk" PRIMARY KEY("owner_id","target_id")
);
--> statement-breakpoint
CREATE TABLE "contacts_specialization_list" (
	"owner_id" bigint NOT NULL,
	"target_id" bigint NOT NULL,
	CONSTRAINT "contacts_specialization_list_pk" PRIMARY KEY("owner_id","target_id")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"code" varchar(3),
	"gname" text,
	"lname" text,
	CONSTRAINT "currencies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"gname" text,
	"lname" text,
	"top" boolean DEFAULT false,
	"business_team" boolean DEFAULT false,
	"parent_id" bigint,
	"type_id" bigint,
	"status_id" bigint,
	"office_id" bigint,
	"uuid" text,
	"level_code" bigint
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"gfirst_name" text,
	"glast_name" text,
	"lfirst_name" text,
	"llast_name" text,
	"status_id" bigint,
	"first_email" text,
	"second_email" text,
	"gender_id" bigint,
	"birth_date" date,
	"first_phone_number" text,
	"second_phone_number" text,
	"office_id" bigint
);
--> statement-breakpoint
CREATE TABLE "offices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"gfirm_name" text,
	"lfirm_name" text,
	"status_id" bigint,
	"type_id" bigint,
	"site_url" text,
	"first_email" text,
	"first_phone_number" text,
	"representative" text,
	"sign_date" date,
	"currency_id" bigint,
	"transfer_currency_id" bigint,
	"physical_country_id" bigint,
	"physical_city" text,
	"shipping_address" text,
	"zip" varchar(16),
	"billing_country_id" bigint,
	"billing_city" text,
	"gbill_firm_name" text,
	"lbill_firm_name" text,
	"gbill_address" text,
	"lbill_address" text,
	"bin" text
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"employee_id" bigint,
	"department_id" bigint,
	"office_id" bigint,
	"level_id" bigint,
	"status_id" bigint,
	"date_gte" date,
	"date_lte" date,
	"main" boolean DEFAULT true,
	"virtual" boolean DEFAULT false,
	"parent_id" bigint
);
--> statement-breakpoint
CREATE TABLE "privileges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"role_id" bigint,
	"module" text,
	"view" boolean DEFAULT false,
	"create" boolean DEFAULT false,
	"update" boolean DEFAULT false,
	"delete" boolean DEFAULT false,
	CONSTRAINT "privileges_module_role_id_unique" UNIQUE("module","role_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"name" varchar(64),
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "app_users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"username" varchar(120),
	"email" text,
	"employee_id" bigint,
	"phone_number" text,
	"password" text,
	"enabled" boolean DEFAULT true,
	CONSTRAINT "app_users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "app_users_roles" (
	"owner_id" bigint NOT NULL,
	"target_id" bigint NOT NULL,
	CONSTRAINT "app_users_roles_pk" PRIMARY KEY("owner_id","target_id")
);
--> statement-breakpoint
CREATE TABLE "oidc_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
ALTER TABLE "base_dictionaries" ADD CONSTRAINT "base_dictionaries_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."base_dictionary_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_sector_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_sub_sector_id_fk" FOREIGN KEY ("sub_sector_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_business_form_id_fk" FOREIGN KEY ("business_form_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_comments" ADD CONSTRAINT "contact_comments_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_stage_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_relationship_manager_position_id_fk" FOREIGN KEY ("relationship_manager_position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_language_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts_rank_list" ADD CONSTRAINT "contacts_rank_list_owner_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts_rank_list" ADD CONSTRAINT "contacts_rank_list_target_fk" FOREIGN KEY ("target_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts_specialization_list" ADD CONSTRAINT "contacts_specialization_list_owner_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts_specialization_list" ADD CONSTRAINT "contacts_specialization_list_target_fk" FOREIGN KEY ("target_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_parent_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_status_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_status_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_gender_id_fk" FOREIGN KEY ("gender_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_status_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_transfer_currency_id_fk" FOREIGN KEY ("transfer_currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_physical_country_id_fk" FOREIGN KEY ("physical_country_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_billing_country_id_fk" FOREIGN KEY ("billing_country_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_department_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_level_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_status_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_parent_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privileges" ADD CONSTRAINT "privileges_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_users" ADD CONSTRAINT "app_users_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_users_roles" ADD CONSTRAINT "app_users_roles_owner_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."app_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_users_roles" ADD CONSTRAINT "app_users_roles_target_fk" FOREIGN KEY ("target_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "base_dictionaries_last_modified_date_idx" ON "base_dictionaries" USING btree ("last_modified_date");--> statement-breakpoint
CREATE INDEX "base_dictionaries_type_id_idx" ON "base_dictionaries" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "base_dictionaries_type_id_code_idx" ON "base_dictionaries" USING btree ("type_id","code");--> statement-breakpoint
CREATE INDEX "base_dictionary_types_last_modified_date_idx" ON "base_dictionary_types" USING btree ("last_modified_date");--> statement-breakpoint
CREATE INDEX "clients_last_modified_date_idx" ON "clients" USING btree ("last_modified_date");--> statement-breakpoint
CREATE INDEX "clients_sector_id_idx" ON "clients" USING btree ("sector_id");--> statement-breakpoint
CREATE INDEX "clients_sub_sector_id_idx" ON "clients" USING btree ("sub_sector_id");--> statement-breakpoint
CREATE INDEX "clients_country_id_idx" ON "clients" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "clients_business_form_id_idx" ON "clients" USING btree ("business_form_id");--> statement-breakpoint
CREATE INDEX "clients_country_id_last_modified_date_idx" ON "clients" USING btree ("country_id","last_modified_date");--> statement-breakpoint
CREATE INDEX "contact_comments_last_modified_date_idx" ON "contact_comments" USING btree ("last_modified_date");--> statement-breakpoint
CREATE INDEX "contact_comments_contact_id_idx" ON "contact_comments" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contact_comments_contact_id_created_date_idx" ON "contact_comments" USING btree ("contact_id","created_date");--> statement-breakpoint
CREATE INDEX "contacts_last_modified_date_idx" ON "contacts" USING btree ("last_modified_date");--> statement-breakpoint
CREATE INDEX "contacts_client_id_idx" ON "contacts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "contacts_stage_id_idx" ON "contacts" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "contacts_relationship_manager_position_id_idx" ON "contacts" USING btree ("relationship_manager_position_id");--> statement-breakpoint
CREATE INDEX "contacts_language_id_idx" ON "contacts" USING btree ("language_id");--> statement-breakpoint
CREATE INDEX "contacts_client_id_last_modified_date_idx" ON "contacts" USING btree ("client_id","last_modified_date");--> statement-breakpoint
CREATE INDEX "contacts_rank_list_target_id_idx" ON "contacts_rank_list" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "contacts_specialization_list_target_id_idx" ON "contacts_specialization_list" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "currencies_last_modified_date_idx" ON "currencies" USING btree ("last_modified_date");--> statement-breakpoint
CREATE INDEX "departments_last_modified_date_idx" ON "departments" USING btree ("last_modified_date");--> statement-breakpoint
CREATE INDEX "departments_parent_id_idx" ON "departments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "departments_type_id_idx" ON "departments" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "departments_status_id_idx" ON "departments" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "departments_office_id_idx" ON "departments" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "employees_last_modified_date_idx" ON "employees" USING btree ("last_modified_date");--> statement-breakpoint
CREATE INDEX "employees_status_id_idx" ON "employees" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "employees_gender_id_idx" ON "employees" USING btree ("gender_id");--> statement-breakpoint
CREATE INDEX "employees_office_id_idx" ON "employees" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "offices_last_modified_date_idx" ON "offices" USING btree ("last_modified_date");--> statement-breakpoint
CREATE INDEX "offices_status_id_idx" ON "offices" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "offices_type_id_idx" ON "offices" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "offices_currency_id_idx" ON "offices" USING btree ("currency_id");--> statement-breakpoint
CREATE INDEX "offices_transfer_currency_id_idx" ON "offices" USING btree ("transfer_currency_id");--> statement-breakpoint
CREATE INDEX "offices_physical_country_id_idx" ON "offices" USING btree ("physical_country_id");--> statement-breakpoint
CREATE INDEX "offices_billing_country_id_idx" ON "offices" USING btree ("billing_country_id");--> statement-breakpoint
CREATE INDEX "positions_last_modified_date_idx" ON "positions" USING btree ("last_modified_date");--> statement-breakpoint
CREATE INDEX "positions_employee_id_idx" ON "positions" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "positions_department_id_idx" ON "positions" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "positions_office_id_idx" ON "positions" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "positions_level_id_idx" ON "positions" USING btree ("level_id");--> statement-breakpoint
CREATE INDEX "positions_status_id_idx" ON "positions" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "positions_parent_id_idx" ON "positions" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "privileges_last_modified_date_idx" ON "privileges" USING btree ("last_modified_date");--> statement-breakpoint
CREATE INDEX "privileges_role_id_idx" ON "privileges" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "roles_last_modified_date_idx" ON "roles" USING btree ("last_modified_date");--> statement-breakpoint
CREATE INDEX "app_users_last_modified_date_idx" ON "app_users" USING btree ("last_modified_date");--> statement-breakpoint
CREATE INDEX "app_users_employee_id_idx" ON "app_users" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "app_users_roles_target_id_idx" ON "app_users_roles" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_id_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_user_code_idx" ON "oidc_payloads" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires_at_idx" ON "oidc_payloads" USING btree ("expires_at");