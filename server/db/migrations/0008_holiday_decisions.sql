CREATE TABLE "holiday_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"holiday_key" text NOT NULL,
	"date" date NOT NULL,
	"open_everywhere" boolean DEFAULT false NOT NULL,
	"open_site_ids" integer[] DEFAULT '{}' NOT NULL,
	"reviewed" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "holiday_decisions" ADD CONSTRAINT "holiday_decisions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holiday_decisions_key_date_key" ON "holiday_decisions" USING btree ("holiday_key","date");
