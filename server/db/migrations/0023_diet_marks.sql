-- The agency's own diet marks (docs/product.md R690–R699, docs/decisions/067-agency-diet-marks.md):
-- marks staff add besides the fixed ones, named in English with Spanish and Chinese. A dish carries one
-- as "agency-<id>" in its `diets`; a mark in use cannot be removed. A trashed site keeps its own menus
-- with its snapshot, so a restore brings them back (R697).
CREATE TABLE "diet_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diet_marks" ADD CONSTRAINT "diet_marks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "diet_marks_data_version" AFTER INSERT OR UPDATE OR DELETE ON "diet_marks" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "diet_marks_data_version_truncate" AFTER TRUNCATE ON "diet_marks" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
ALTER TABLE "site_trash" ADD COLUMN "menus" jsonb DEFAULT '[]'::jsonb NOT NULL;
