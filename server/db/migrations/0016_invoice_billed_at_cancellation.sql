ALTER TABLE "invoices" ADD COLUMN "billed_at_cancellation" text;
