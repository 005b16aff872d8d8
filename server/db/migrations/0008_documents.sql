CREATE TABLE "generated_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"collection" varchar(64),
	"owner_id" bigint,
	"document_type_id" bigint,
	"template_id" bigint,
	"document_id" bigint
);

--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_document_type_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."office_templates"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "generated_documents_last_modified_date_idx" ON "generated_documents" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "generated_documents_document_type_id_idx" ON "generated_documents" USING btree ("document_type_id");
--> statement-breakpoint
CREATE INDEX "generated_documents_template_id_idx" ON "generated_documents" USING btree ("template_id");
--> statement-breakpoint
CREATE INDEX "generated_documents_document_id_idx" ON "generated_documents" USING btree ("document_id");
--> statement-breakpoint
CREATE INDEX "generated_documents_collection_owner_id_idx" ON "generated_documents" USING btree ("collection","owner_id");
