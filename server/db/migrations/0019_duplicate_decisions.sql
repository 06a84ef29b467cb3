-- Decisions about possible duplicates (docs/product.md R575–R577). A pair staff marked "not a
-- duplicate" (the lower id first) is no longer flagged; a site merged into another leaves a redirect
-- from its old id, so its old page and API address lead to the site it became part of. A report can
-- name the change of the history that fixed it.
CREATE TABLE "not_duplicates" (
	"site_id" integer NOT NULL,
	"other_site_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "not_duplicates_pkey" PRIMARY KEY ("site_id", "other_site_id"),
	CONSTRAINT "not_duplicates_order_check" CHECK ("site_id" < "other_site_id")
);
--> statement-breakpoint
ALTER TABLE "not_duplicates" ADD CONSTRAINT "not_duplicates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "not_duplicates" ADD CONSTRAINT "not_duplicates_other_site_id_sites_id_fk" FOREIGN KEY ("other_site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "not_duplicates" ADD CONSTRAINT "not_duplicates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "not_duplicates_other_idx" ON "not_duplicates" USING btree ("other_site_id");--> statement-breakpoint
CREATE TABLE "site_redirects" (
	"from_id" integer PRIMARY KEY NOT NULL,
	"to_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_redirects" ADD CONSTRAINT "site_redirects_to_id_sites_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_redirects_to_idx" ON "site_redirects" USING btree ("to_id");--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "fixed_by" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_fixed_by_history_id_fk" FOREIGN KEY ("fixed_by") REFERENCES "public"."history"("id") ON DELETE set null ON UPDATE no action;
