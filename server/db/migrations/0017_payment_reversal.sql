ALTER TABLE "payment_histories" ADD COLUMN "reversed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payment_histories" ADD COLUMN "reversed_by" text;
--> statement-breakpoint
ALTER TABLE "payment_histories" ADD COLUMN "reversal_comment" text;
