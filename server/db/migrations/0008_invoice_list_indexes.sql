CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("date");
--> statement-breakpoint
CREATE INDEX "invoices_payer_client_id_date_idx" ON "invoices" USING btree ("payer_client_id","date");
--> statement-breakpoint
CREATE INDEX "invoices_project_id_date_idx" ON "invoices" USING btree ("project_id","date");
