ALTER TABLE "verification_chains" ADD COLUMN "office_id" bigint;
--> statement-breakpoint
ALTER TABLE "verification_approvers" ADD COLUMN "decided_by_id" bigint;
--> statement-breakpoint
ALTER TABLE "verification_approvers" ADD COLUMN "decided_by_name" varchar(240);
--> statement-breakpoint
ALTER TABLE "verification_approvers" ADD COLUMN "on_behalf" boolean DEFAULT false;
--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "allow_same_approver_steps" boolean DEFAULT false;
--> statement-breakpoint
ALTER TABLE "verification_chains" ADD CONSTRAINT "verification_chains_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "verification_approvers" ADD CONSTRAINT "verification_approvers_decided_by_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."app_users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "verification_chains_office_id_idx" ON "verification_chains" USING btree ("office_id");
--> statement-breakpoint
CREATE INDEX "verification_approvers_decided_by_id_idx" ON "verification_approvers" USING btree ("decided_by_id");
