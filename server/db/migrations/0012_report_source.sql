-- Who sent a report (docs/product.md R496): the public form, or a site's contact through the secret
-- link e-mailed to the site's own address. Existing reports all came from the public form.
ALTER TABLE "reports" ADD COLUMN "source" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_source_check" CHECK ("reports"."source" IN ('public', 'site-contact'));
