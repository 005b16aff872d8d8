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
ALTER TABLE "leads" ADD COLUMN "project_id" bigint;
--> statement-breakpoint
ALTER TABLE "lead_emails" ADD CONSTRAINT "lead_emails_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
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
CREATE INDEX "outbox_messages_last_modified_date_idx" ON "outbox_messages" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "outbox_messages_status_created_date_idx" ON "outbox_messages" USING btree ("status","created_date");
--> statement-breakpoint
CREATE INDEX "outbox_messages_source_type_source_id_idx" ON "outbox_messages" USING btree ("source_type","source_id");
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "leads_project_id_idx" ON "leads" USING btree ("project_id");
