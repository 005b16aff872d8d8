CREATE TABLE "lead_emails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"recipients" varchar(1000),
	"cc" varchar(1000),
	"subject" text,
	"body" text,
	"project_id" bigint,
	"sender" text
);

--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"name" text,
	"subject" text,
	"body" text,
	"project_id" bigint
);

--> statement-breakpoint
CREATE TABLE "office_approvers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"type_id" bigint,
	"office_id" bigint,
	"employee_id" bigint,
	"orderliness" bigint,
	"active" boolean DEFAULT true
);

--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"recipients" varchar(1000),
	"cc" varchar(1000),
	"sender" text,
	"subject" text,
	"body" text,
	"status" text DEFAULT 'QUEUED',
	"sent_date" timestamp with time zone,
	"error" text,
	"attempts" bigint DEFAULT 0,
	"source_type" text,
	"source_id" bigint
);

--> statement-breakpoint
CREATE TABLE "matters_documents" (
	"owner_id" bigint NOT NULL,
	"target_id" bigint NOT NULL,
	CONSTRAINT "matters_documents_pk" PRIMARY KEY("owner_id","target_id")
);

--> statement-breakpoint
DROP INDEX "times_matter_id_date_time_idx";
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "project_id" bigint;
--> statement-breakpoint
ALTER TABLE "lead_emails" ADD CONSTRAINT "lead_emails_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_approvers" ADD CONSTRAINT "office_approvers_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_approvers" ADD CONSTRAINT "office_approvers_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_approvers" ADD CONSTRAINT "office_approvers_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matters_documents" ADD CONSTRAINT "matters_documents_owner_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."matters"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matters_documents" ADD CONSTRAINT "matters_documents_target_fk" FOREIGN KEY ("target_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "lead_emails_last_modified_date_idx" ON "lead_emails" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "lead_emails_project_id_idx" ON "lead_emails" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "lead_emails_project_id_created_date_idx" ON "lead_emails" USING btree ("project_id","created_date");
--> statement-breakpoint
CREATE INDEX "email_templates_last_modified_date_idx" ON "email_templates" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "email_templates_project_id_idx" ON "email_templates" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "office_approvers_last_modified_date_idx" ON "office_approvers" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "office_approvers_type_id_idx" ON "office_approvers" USING btree ("type_id");
--> statement-breakpoint
CREATE INDEX "office_approvers_office_id_idx" ON "office_approvers" USING btree ("office_id");
--> statement-breakpoint
CREATE INDEX "office_approvers_employee_id_idx" ON "office_approvers" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "outbox_messages_last_modified_date_idx" ON "outbox_messages" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "outbox_messages_status_created_date_idx" ON "outbox_messages" USING btree ("status","created_date");
--> statement-breakpoint
CREATE INDEX "outbox_messages_source_type_source_id_idx" ON "outbox_messages" USING btree ("source_type","source_id");
--> statement-breakpoint
CREATE INDEX "matters_documents_target_id_idx" ON "matters_documents" USING btree ("target_id");
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "leads_project_id_idx" ON "leads" USING btree ("project_id");
--> statement-breakpoint
CREATE INDEX "times_matter_id_date_time_employee_id_work_type_id_duration_idx" ON "times" USING btree ("matter_id","date_time","employee_id","work_type_id","duration");
--> statement-breakpoint
CREATE INDEX "matter_teams_matter_id_team_position_id_idx" ON "matter_teams" USING btree ("matter_id","team_position_id");
--> statement-breakpoint
CREATE INDEX "verification_chains_owner_type_owner_id_idx" ON "verification_chains" USING btree ("owner_type","owner_id");
