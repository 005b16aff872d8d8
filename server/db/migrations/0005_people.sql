CREATE TABLE "employee_titles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"employee_id" bigint,
	"title_id" bigint,
	"date_gte" date,
	"date_lte" date
);

--> statement-breakpoint
CREATE TABLE "position_funds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"position_id" bigint,
	"type_id" bigint,
	"date_gte" date,
	"date_lte" date,
	"put" numeric(12, 8) DEFAULT 0,
	"get" numeric(12, 8) DEFAULT 0,
	"scheme_id" bigint,
	"transfer_office_id" bigint,
	"transfer_department_id" bigint,
	"transfer_position_id" bigint
);

--> statement-breakpoint
CREATE TABLE "position_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"position_id" bigint,
	"office_id" bigint,
	"rate" numeric(19, 4),
	"currency_id" bigint,
	"date_gte" date,
	"date_lte" date
);

--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "photo_id" bigint;
--> statement-breakpoint
ALTER TABLE "employee_titles" ADD CONSTRAINT "employee_titles_employee_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "employee_titles" ADD CONSTRAINT "employee_titles_title_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_funds" ADD CONSTRAINT "position_funds_position_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_funds" ADD CONSTRAINT "position_funds_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_funds" ADD CONSTRAINT "position_funds_scheme_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."base_dictionaries"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_funds" ADD CONSTRAINT "position_funds_transfer_office_id_fk" FOREIGN KEY ("transfer_office_id") REFERENCES "public"."offices"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_funds" ADD CONSTRAINT "position_funds_transfer_department_id_fk" FOREIGN KEY ("transfer_department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_funds" ADD CONSTRAINT "position_funds_transfer_position_id_fk" FOREIGN KEY ("transfer_position_id") REFERENCES "public"."positions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_rates" ADD CONSTRAINT "position_rates_position_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_rates" ADD CONSTRAINT "position_rates_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "position_rates" ADD CONSTRAINT "position_rates_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "employee_titles_last_modified_date_idx" ON "employee_titles" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "employee_titles_employee_id_idx" ON "employee_titles" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "employee_titles_title_id_idx" ON "employee_titles" USING btree ("title_id");
--> statement-breakpoint
CREATE INDEX "position_funds_last_modified_date_idx" ON "position_funds" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "position_funds_position_id_idx" ON "position_funds" USING btree ("position_id");
--> statement-breakpoint
CREATE INDEX "position_funds_type_id_idx" ON "position_funds" USING btree ("type_id");
--> statement-breakpoint
CREATE INDEX "position_funds_scheme_id_idx" ON "position_funds" USING btree ("scheme_id");
--> statement-breakpoint
CREATE INDEX "position_funds_transfer_office_id_idx" ON "position_funds" USING btree ("transfer_office_id");
--> statement-breakpoint
CREATE INDEX "position_funds_transfer_department_id_idx" ON "position_funds" USING btree ("transfer_department_id");
--> statement-breakpoint
CREATE INDEX "position_funds_transfer_position_id_idx" ON "position_funds" USING btree ("transfer_position_id");
--> statement-breakpoint
CREATE INDEX "position_rates_last_modified_date_idx" ON "position_rates" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "position_rates_position_id_idx" ON "position_rates" USING btree ("position_id");
--> statement-breakpoint
CREATE INDEX "position_rates_office_id_idx" ON "position_rates" USING btree ("office_id");
--> statement-breakpoint
CREATE INDEX "position_rates_currency_id_idx" ON "position_rates" USING btree ("currency_id");
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_photo_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "employees_photo_id_idx" ON "employees" USING btree ("photo_id");
