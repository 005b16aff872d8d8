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
CREATE INDEX "stored_files_last_modified_date_idx" ON "stored_files" USING btree ("last_modified_date");