DROP INDEX "times_matter_id_date_time_idx";
--> statement-breakpoint
CREATE INDEX "times_matter_id_date_time_employee_id_work_type_id_duration_idx" ON "times" USING btree ("matter_id","date_time","employee_id","work_type_id","duration");
