-- The column choices of an import (docs/product.md R619): a clerk's mapping of a file's headers to the
-- directory's fields, remembered by a hash of the folded header list and used as the guess for the next
-- file with the same headers.
CREATE TABLE "import_mappings" (
	"header_hash" text PRIMARY KEY NOT NULL,
	"headers" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
