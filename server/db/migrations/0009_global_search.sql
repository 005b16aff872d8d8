CREATE INDEX "clients_search_idx" ON "clients" USING gin ((to_tsvector('simple'::regconfig, coalesce("gname", '') || ' ' || coalesce("iin_bin", '')) || to_tsvector('russian'::regconfig, coalesce("gname", '') || ' ' || coalesce("iin_bin", ''))));
--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ((to_tsvector('simple'::regconfig, coalesce("gname", '') || ' ' || coalesce("first_email", '') || ' ' || coalesce("gjob_title", '')) || to_tsvector('russian'::regconfig, coalesce("gname", '') || ' ' || coalesce("first_email", '') || ' ' || coalesce("gjob_title", ''))));
--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ((to_tsvector('simple'::regconfig, coalesce("number", '') || ' ' || coalesce("description", '')) || to_tsvector('russian'::regconfig, coalesce("number", '') || ' ' || coalesce("description", ''))));
--> statement-breakpoint
CREATE INDEX "matters_search_idx" ON "matters" USING gin ((to_tsvector('simple'::regconfig, coalesce("number", '') || ' ' || coalesce("description", '')) || to_tsvector('russian'::regconfig, coalesce("number", '') || ' ' || coalesce("description", ''))));
--> statement-breakpoint
CREATE INDEX "employees_search_idx" ON "employees" USING gin ((to_tsvector('simple'::regconfig, coalesce("gfirst_name", '') || ' ' || coalesce("glast_name", '') || ' ' || coalesce("lfirst_name", '') || ' ' || coalesce("llast_name", '') || ' ' || coalesce("first_email", '')) || to_tsvector('russian'::regconfig, coalesce("gfirst_name", '') || ' ' || coalesce("glast_name", '') || ' ' || coalesce("lfirst_name", '') || ' ' || coalesce("llast_name", '') || ' ' || coalesce("first_email", ''))));
--> statement-breakpoint
CREATE INDEX "invoices_search_idx" ON "invoices" USING gin ((to_tsvector('simple'::regconfig, coalesce("number", '') || ' ' || coalesce("contract", '')) || to_tsvector('russian'::regconfig, coalesce("number", '') || ' ' || coalesce("contract", ''))));
