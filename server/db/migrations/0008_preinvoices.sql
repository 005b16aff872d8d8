ALTER TABLE "pre_invoices" ALTER COLUMN "vat_percent" SET DEFAULT 0;
