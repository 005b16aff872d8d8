ALTER TABLE "cashbox_office_debts" ADD COLUMN "debtor_account_id" bigint;
--> statement-breakpoint
ALTER TABLE "cashbox_office_debts" ADD CONSTRAINT "cashbox_office_debts_debtor_account_id_fk" FOREIGN KEY ("debtor_account_id") REFERENCES "public"."office_accounts"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "cashbox_office_debts_debtor_account_id_idx" ON "cashbox_office_debts" USING btree ("debtor_account_id");
--> statement-breakpoint
ALTER TABLE "cashbox_office_debts" DROP COLUMN "debtor_account";
