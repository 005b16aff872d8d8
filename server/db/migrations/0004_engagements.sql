CREATE TABLE "matters_documents" (
	"owner_id" bigint NOT NULL,
	"target_id" bigint NOT NULL,
	CONSTRAINT "matters_documents_pk" PRIMARY KEY("owner_id","target_id")
);

--> statement-breakpoint
ALTER TABLE "matters_documents" ADD CONSTRAINT "matters_documents_owner_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."matters"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "matters_documents" ADD CONSTRAINT "matters_documents_target_fk" FOREIGN KEY ("target_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "matters_documents_target_id_idx" ON "matters_documents" USING btree ("target_id");
