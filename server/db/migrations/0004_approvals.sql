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
ALTER TABLE "office_approvers" ADD CONSTRAINT "office_approvers_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_approvers" ADD CONSTRAINT "office_approvers_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "office_approvers" ADD CONSTRAINT "office_approvers_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "office_approvers_last_modified_date_idx" ON "office_approvers" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "office_approvers_type_id_idx" ON "office_approvers" USING btree ("type_id");
--> statement-breakpoint
CREATE INDEX "office_approvers_office_id_idx" ON "office_approvers" USING btree ("office_id");
--> statement-breakpoint
CREATE INDEX "office_approvers_employee_id_idx" ON "office_approvers" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "verification_chains_owner_type_owner_id_idx" ON "verification_chains" USING btree ("owner_type","owner_id");
