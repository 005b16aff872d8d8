ALTER TABLE "stored_files" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "deleted_by" text;
--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "deleted_with" text;
--> statement-breakpoint
CREATE INDEX "stored_files_deleted_at_idx" ON "stored_files" USING btree ("deleted_at") WHERE deleted_at IS NOT NULL;
