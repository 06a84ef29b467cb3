-- The identifiers a site has in another publisher's data (docs/product.md R640): an HSDS import keeps
-- the source's id of each service at a location, so the next import of the same source finds the site
-- by it and updates it instead of adding it again. One source's id names one site.
CREATE TABLE "site_external_ids" (
	"site_id" integer NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_external_ids_source_external_id_key" UNIQUE ("source", "external_id")
);
--> statement-breakpoint
ALTER TABLE "site_external_ids" ADD CONSTRAINT "site_external_ids_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_external_ids_site_idx" ON "site_external_ids" USING btree ("site_id");
