CREATE TABLE "closure_sites" (
	"closure_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	CONSTRAINT "closure_sites_closure_id_site_id_pk" PRIMARY KEY("closure_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"reason" text NOT NULL,
	"all_sites" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closures_order_check" CHECK ("closures"."end_date" is null or "closures"."end_date" >= "closures"."start_date")
);
--> statement-breakpoint
ALTER TABLE "covid_statuses" ADD COLUMN "closes_site" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "site_hours" ADD COLUMN "weeks" smallint[];--> statement-breakpoint
ALTER TABLE "closure_sites" ADD CONSTRAINT "closure_sites_closure_id_closures_id_fk" FOREIGN KEY ("closure_id") REFERENCES "public"."closures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closure_sites" ADD CONSTRAINT "closure_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closure_sites_site_id_idx" ON "closure_sites" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "closures_end_date_idx" ON "closures" USING btree ("end_date");