ALTER TABLE "invoices" ADD CONSTRAINT "invoices_number_unique" UNIQUE("number");
--> statement-breakpoint
ALTER TABLE "pre_invoices" ADD CONSTRAINT "pre_invoices_number_unique" UNIQUE("number");
