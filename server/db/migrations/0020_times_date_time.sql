CREATE INDEX "times_date_time_idx" ON "times" USING btree ("date_time");
