CREATE TABLE "currency_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"currency_id" bigint,
	"date" date,
	"rate_to_usd" numeric(19, 8),
	CONSTRAINT "currency_rates_currency_id_date_unique" UNIQUE("currency_id","date")
);

--> statement-breakpoint
ALTER TABLE "currency_rates" ADD CONSTRAINT "currency_rates_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "currency_rates_last_modified_date_idx" ON "currency_rates" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "currency_rates_currency_id_idx" ON "currency_rates" USING btree ("currency_id");
