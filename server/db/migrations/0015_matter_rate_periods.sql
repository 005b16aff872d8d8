ALTER TABLE "matter_rates" ADD COLUMN "date_gte" date;
--> statement-breakpoint
ALTER TABLE "matter_rates" ADD COLUMN "date_lte" date;
