CREATE TABLE "storage_folders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"name" text,
	"parent_id" bigint,
	"type_id" bigint
);

--> statement-breakpoint
CREATE TABLE "matter_shared_materials" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"name" text,
	"file_id" bigint,
	"matter_id" bigint,
	"folder_id" bigint
);

--> statement-breakpoint
CREATE TABLE "content_publication_forms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"source_type_id" bigint,
	"source_type_name" text,
	"content_form" text,
	"status_id" bigint,
	"creation_date" timestamp with time zone,
	"country_id" bigint,
	"country_type_id" bigint,
	"office_id" bigint,
	"department_id" bigint,
	"matter_id" bigint,
	"first_email" text,
	"first_phone_number" text,
	"office_hours" text,
	"city" text,
	"image_hide" numeric DEFAULT 100,
	"story_deadline" date,
	"story" text,
	"focus" boolean DEFAULT false
);

--> statement-breakpoint
CREATE TABLE "content_tags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"content_publication_form_id" bigint,
	"country_id" bigint
);

--> statement-breakpoint
CREATE TABLE "content_tags_departments" (
	"owner_id" bigint NOT NULL,
	"target_id" bigint NOT NULL,
	CONSTRAINT "content_tags_departments_pk" PRIMARY KEY("owner_id","target_id")
);

--> statement-breakpoint
ALTER TABLE "cashbox_office_debts" ADD COLUMN "debtor_account_id" bigint;
--> statement-breakpoint
ALTER TABLE "storage_folders" ADD CONSTRAINT "storage_folders_parent_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."storage_folders"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "storage_folders" ADD CONSTRAINT "storage_folders_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matter_shared_materials" ADD CONSTRAINT "matter_shared_materials_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matter_shared_materials" ADD CONSTRAINT "matter_shared_materials_matter_id_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matter_shared_materials" ADD CONSTRAINT "matter_shared_materials_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."storage_folders"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "content_publication_forms" ADD CONSTRAINT "content_publication_forms_source_type_id_fk" FOREIGN KEY ("source_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "content_publication_forms" ADD CONSTRAINT "content_publication_forms_status_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "content_publication_forms" ADD CONSTRAINT "content_publication_forms_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "content_publication_forms" ADD CONSTRAINT "content_publication_forms_country_type_id_fk" FOREIGN KEY ("country_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "content_publication_forms" ADD CONSTRAINT "content_publication_forms_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "content_publication_forms" ADD CONSTRAINT "content_publication_forms_department_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "content_publication_forms" ADD CONSTRAINT "content_publication_forms_matter_id_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "content_tags" ADD CONSTRAINT "content_tags_content_publication_form_id_fk" FOREIGN KEY ("content_publication_form_id") REFERENCES "public"."content_publication_forms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "content_tags" ADD CONSTRAINT "content_tags_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "content_tags_departments" ADD CONSTRAINT "content_tags_departments_owner_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."content_tags"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "content_tags_departments" ADD CONSTRAINT "content_tags_departments_target_fk" FOREIGN KEY ("target_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "storage_folders_last_modified_date_idx" ON "storage_folders" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "storage_folders_parent_id_idx" ON "storage_folders" USING btree ("parent_id");
--> statement-breakpoint
CREATE INDEX "storage_folders_type_id_idx" ON "storage_folders" USING btree ("type_id");
--> statement-breakpoint
CREATE INDEX "matter_shared_materials_last_modified_date_idx" ON "matter_shared_materials" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "matter_shared_materials_file_id_idx" ON "matter_shared_materials" USING btree ("file_id");
--> statement-breakpoint
CREATE INDEX "matter_shared_materials_matter_id_idx" ON "matter_shared_materials" USING btree ("matter_id");
--> statement-breakpoint
CREATE INDEX "matter_shared_materials_folder_id_idx" ON "matter_shared_materials" USING btree ("folder_id");
--> statement-breakpoint
CREATE INDEX "matter_shared_materials_matter_id_last_modified_date_idx" ON "matter_shared_materials" USING btree ("matter_id","last_modified_date");
--> statement-breakpoint
CREATE INDEX "content_publication_forms_last_modified_date_idx" ON "content_publication_forms" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "content_publication_forms_source_type_id_idx" ON "content_publication_forms" USING btree ("source_type_id");
--> statement-breakpoint
CREATE INDEX "content_publication_forms_status_id_idx" ON "content_publication_forms" USING btree ("status_id");
--> statement-breakpoint
CREATE INDEX "content_publication_forms_country_id_idx" ON "content_publication_forms" USING btree ("country_id");
--> statement-breakpoint
CREATE INDEX "content_publication_forms_country_type_id_idx" ON "content_publication_forms" USING btree ("country_type_id");
--> statement-breakpoint
CREATE INDEX "content_publication_forms_office_id_idx" ON "content_publication_forms" USING btree ("office_id");
--> statement-breakpoint
CREATE INDEX "content_publication_forms_department_id_idx" ON "content_publication_forms" USING btree ("department_id");
--> statement-breakpoint
CREATE INDEX "content_publication_forms_matter_id_idx" ON "content_publication_forms" USING btree ("matter_id");
--> statement-breakpoint
CREATE INDEX "content_tags_last_modified_date_idx" ON "content_tags" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "content_tags_content_publication_form_id_idx" ON "content_tags" USING btree ("content_publication_form_id");
--> statement-breakpoint
CREATE INDEX "content_tags_country_id_idx" ON "content_tags" USING btree ("country_id");
--> statement-breakpoint
CREATE INDEX "content_tags_departments_target_id_idx" ON "content_tags_departments" USING btree ("target_id");
--> statement-breakpoint
ALTER TABLE "cashbox_office_debts" ADD CONSTRAINT "cashbox_office_debts_debtor_account_id_fk" FOREIGN KEY ("debtor_account_id") REFERENCES "public"."office_accounts"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "cashbox_office_debts_debtor_account_id_idx" ON "cashbox_office_debts" USING btree ("debtor_account_id");
--> statement-breakpoint
ALTER TABLE "cashbox_office_debts" DROP COLUMN "debtor_account";
