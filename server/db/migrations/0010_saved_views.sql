CREATE TABLE "saved_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"last_modified_by" text,
	"name" varchar(100),
	"resource" varchar(64),
	"params" jsonb,
	"owner" varchar(120),
	CONSTRAINT "saved_views_name_owner_resource_unique" UNIQUE("name","owner","resource")
);

--> statement-breakpoint
CREATE TABLE "saved_views_shared_roles" (
	"owner_id" bigint NOT NULL,
	"target_id" bigint NOT NULL,
	CONSTRAINT "saved_views_shared_roles_pk" PRIMARY KEY("owner_id","target_id")
);

--> statement-breakpoint
ALTER TABLE "saved_views_shared_roles" ADD CONSTRAINT "saved_views_shared_roles_owner_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."saved_views"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "saved_views_shared_roles" ADD CONSTRAINT "saved_views_shared_roles_target_fk" FOREIGN KEY ("target_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "saved_views_last_modified_date_idx" ON "saved_views" USING btree ("last_modified_date");
--> statement-breakpoint
CREATE INDEX "saved_views_owner_idx" ON "saved_views" USING btree ("owner");
--> statement-breakpoint
CREATE INDEX "saved_views_shared_roles_target_id_idx" ON "saved_views_shared_roles" USING btree ("target_id");
