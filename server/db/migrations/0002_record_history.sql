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
CREATE INDEX "record_history_record_idx" ON "record_history" USING btree ("collection","record_id","id");