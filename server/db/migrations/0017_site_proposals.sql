-- Proposals (docs/product.md R590–R599, docs/decisions/056-proposals.md): a partner manager's (or a
-- site contact's) change to a site, kept for staff to apply or reject field by field. Depends only on
-- sites and users (0000) and is independent of 0016.
CREATE TABLE "site_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"base_version" integer NOT NULL,
	"base" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"proposed_by" integer,
	"contact_email" text,
	"language" text,
	"status" text DEFAULT 'open' NOT NULL,
	"decisions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "site_proposals_status_check" CHECK ("site_proposals"."status" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "site_proposals" ADD CONSTRAINT "site_proposals_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_proposals" ADD CONSTRAINT "site_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_proposals_status_idx" ON "site_proposals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "site_proposals_site_idx" ON "site_proposals" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "site_proposals_proposed_by_idx" ON "site_proposals" USING btree ("proposed_by");
