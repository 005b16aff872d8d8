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
