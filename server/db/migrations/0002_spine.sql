CREATE TABLE "leads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"date" date,
	"deal_stage_id" bigint,
	"business_relationship_manager_id" bigint,
	"contact_id" bigint,
	"description" text,
	"lead_source_id" bigint,
	"notify_time_interval" bigint DEFAULT 0
);

--> statement-breakpoint
CREATE TABLE "ideas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"idea" text,
	"date" date,
	"text" text,
	"file_id" bigint,
	"author_id" bigint
);

--> statement-breakpoint
CREATE TABLE "idea_votes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"idea_id" bigint,
	"employee_id" bigint,
	CONSTRAINT "idea_votes_idea_id_employee_id_unique" UNIQUE("idea_id","employee_id")
);

--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"name" varchar(255),
	"content_type" varchar(255),
	"size" bigint,
	"sha256" varchar(64),
	"storage_key" varchar(255),
	CONSTRAINT "stored_files_storage_key_unique" UNIQUE("storage_key")
);

--> statement-breakpoint
CREATE TABLE "record_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"collection" text NOT NULL,
	"record_id" bigint NOT NULL,
	"action" text NOT NULL,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb NOT NULL
);

--> statement-breakpoint
CREATE TABLE "status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"collection" text NOT NULL,
	"record_id" bigint NOT NULL,
	"field" text NOT NULL,
	"from_id" bigint,
	"to_id" bigint NOT NULL,
	"comment" text,
	"changed_by" text,
	"changed_date" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_deal_stage_id_fk" FOREIGN KEY ("deal_stage_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_business_relationship_manager_id_fk" FOREIGN KEY ("business_relationship_manager_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_contact_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_lead_source_id_fk" FOREIGN KEY ("lead_source_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ideas" ADD CONSTRAINT "ideas_author_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "idea_votes" ADD CONSTRAINT "idea_votes_idea_id_fk" FOREIGN KEY ("idea_id") REFERENCES "public"."ideas"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "idea_votes" ADD CONSTRAINT "idea_votes_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "status_changes" ADD CONSTRAINT "status_changes_from_fk" FOREIGN KEY ("from_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "status_changes" ADD CONSTRAINT "status_changes_to_fk" FOREIGN KEY ("to_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "leads_last_modified_date_idx" ON "leads" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "leads_deal_stage_id_idx" ON "leads" USING btree ("deal_stage_id");
--> statement-breakpoint
CREATE INDEX "leads_business_relationship_manager_id_idx" ON "leads" USING btree ("business_relationship_manager_id");
--> statement-breakpoint
CREATE INDEX "leads_contact_id_idx" ON "leads" USING btree ("contact_id");
--> statement-breakpoint
CREATE INDEX "leads_lead_source_id_idx" ON "leads" USING btree ("lead_source_id");
--> statement-breakpoint
CREATE INDEX "leads_contact_id_last_modified_date_idx" ON "leads" USING btree ("contact_id","last_modified_date");
--> statement-breakpoint
CREATE INDEX "ideas_last_modified_date_idx" ON "ideas" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "ideas_file_id_idx" ON "ideas" USING btree ("file_id");
--> statement-breakpoint
CREATE INDEX "ideas_author_id_idx" ON "ideas" USING btree ("author_id");
--> statement-breakpoint
CREATE INDEX "idea_votes_last_modified_date_idx" ON "idea_votes" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "idea_votes_idea_id_idx" ON "idea_votes" USING btree ("idea_id");
--> statement-breakpoint
CREATE INDEX "idea_votes_employee_id_idx" ON "idea_votes" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "stored_files_last_modified_date_idx" ON "stored_files" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "record_history_record_idx" ON "record_history" USING btree ("collection","record_id","id");
--> statement-breakpoint
CREATE INDEX "status_changes_record_idx" ON "status_changes" USING btree ("collection","record_id","changed_date");
