ALTER TABLE "clients" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "deleted_by" text;
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "deleted_with" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "deleted_by" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "deleted_with" text;
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "deleted_by" text;
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "deleted_with" text;
--> statement-breakpoint
ALTER TABLE "times" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "times" ADD COLUMN "deleted_by" text;
--> statement-breakpoint
ALTER TABLE "times" ADD COLUMN "deleted_with" text;
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "deleted_by" text;
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "deleted_with" text;
--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "deleted_by" text;
--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "deleted_with" text;
--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "deleted_by" text;
--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "deleted_with" text;
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "deleted_by" text;
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "deleted_with" text;
--> statement-breakpoint
CREATE INDEX "clients_deleted_at_idx" ON "clients" USING btree ("deleted_at") WHERE deleted_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "contacts_deleted_at_idx" ON "contacts" USING btree ("deleted_at") WHERE deleted_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "leads_deleted_at_idx" ON "leads" USING btree ("deleted_at") WHERE deleted_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "times_deleted_at_idx" ON "times" USING btree ("deleted_at") WHERE deleted_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "projects_deleted_at_idx" ON "projects" USING btree ("deleted_at") WHERE deleted_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "matters_deleted_at_idx" ON "matters" USING btree ("deleted_at") WHERE deleted_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ideas_deleted_at_idx" ON "ideas" USING btree ("deleted_at") WHERE deleted_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "expenses_deleted_at_idx" ON "expenses" USING btree ("deleted_at") WHERE deleted_at IS NOT NULL;
