-- The trash of deleted sites (docs/product.md R553–R554): a deleted site's answer as the API gave it
-- (hours, lists, translations, facts), the closures that covered it, who deleted it and when. Kept 90
-- days, restorable with the same id; the site's row itself is deleted as before.
CREATE TABLE "site_trash" (
	"id" integer PRIMARY KEY NOT NULL,
	"snapshot" jsonb NOT NULL,
	"closure_ids" integer[] DEFAULT '{}' NOT NULL,
	"deleted_by" integer,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "site_trash" ADD CONSTRAINT "site_trash_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_trash_deleted_at_idx" ON "site_trash" USING btree ("deleted_at");
