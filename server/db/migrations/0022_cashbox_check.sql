CREATE TABLE "cashbox_net_incomes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"cashbox_period_id" bigint,
	"payment_id" bigint,
	"invoice_id" bigint,
	"received_amount" numeric(19, 4),
	"received_currency_id" bigint,
	"payment_amount" numeric(19, 4),
	"vat_amount" numeric(19, 4),
	"recipient_employee_id" bigint,
	"amount" numeric(19, 4)
);

--> statement-breakpoint
ALTER TABLE "cashbox_periods" ADD COLUMN "closed_digest" varchar(64);
--> statement-breakpoint
ALTER TABLE "cashbox_office_debt_details" ADD COLUMN "payment_id" bigint;
--> statement-breakpoint
ALTER TABLE "cashbox_net_incomes" ADD CONSTRAINT "cashbox_net_incomes_cashbox_period_id_fk" FOREIGN KEY ("cashbox_period_id") REFERENCES "public"."cashbox_periods"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_net_incomes" ADD CONSTRAINT "cashbox_net_incomes_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_histories"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_net_incomes" ADD CONSTRAINT "cashbox_net_incomes_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_net_incomes" ADD CONSTRAINT "cashbox_net_incomes_received_currency_id_fk" FOREIGN KEY ("received_currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashbox_net_incomes" ADD CONSTRAINT "cashbox_net_incomes_recipient_employee_id_fk" FOREIGN KEY ("recipient_employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "cashbox_net_incomes_last_modified_date_idx" ON "cashbox_net_incomes" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "cashbox_net_incomes_cashbox_period_id_idx" ON "cashbox_net_incomes" USING btree ("cashbox_period_id");
--> statement-breakpoint
CREATE INDEX "cashbox_net_incomes_payment_id_idx" ON "cashbox_net_incomes" USING btree ("payment_id");
--> statement-breakpoint
CREATE INDEX "cashbox_net_incomes_invoice_id_idx" ON "cashbox_net_incomes" USING btree ("invoice_id");
--> statement-breakpoint
CREATE INDEX "cashbox_net_incomes_received_currency_id_idx" ON "cashbox_net_incomes" USING btree ("received_currency_id");
--> statement-breakpoint
CREATE INDEX "cashbox_net_incomes_recipient_employee_id_idx" ON "cashbox_net_incomes" USING btree ("recipient_employee_id");
--> statement-breakpoint
ALTER TABLE "cashbox_office_debt_details" ADD CONSTRAINT "cashbox_office_debt_details_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_histories"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "cashbox_office_debt_details_payment_id_idx" ON "cashbox_office_debt_details" USING btree ("payment_id");
