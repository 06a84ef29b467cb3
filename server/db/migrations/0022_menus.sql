-- Menus (docs/product.md R650–R689, docs/decisions/060-menus.md): what is served on a date for one
-- meal of the meal types list, as a nutrition partner publishes it for all its sites or as one site
-- publishes it for itself (which replaces the partner's for that date and meal). One row per owner,
-- date and meal; its dishes (names in English with Spanish and Chinese, diet marks) as JSON.
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer,
	"site_id" integer,
	"date" date NOT NULL,
	"meal_type_id" integer NOT NULL,
	"dishes" jsonb NOT NULL,
	"note" text,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menus_owner_check" CHECK (("partner_id" IS NULL) <> ("site_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_partner_id_nutrition_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."nutrition_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_meal_type_id_meal_types_id_fk" FOREIGN KEY ("meal_type_id") REFERENCES "public"."meal_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "menus_partner_day_idx" ON "menus" USING btree ("partner_id","date","meal_type_id") WHERE "partner_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "menus_site_day_idx" ON "menus" USING btree ("site_id","date","meal_type_id") WHERE "site_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "menus_meal_type_idx" ON "menus" USING btree ("meal_type_id");--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "menus_data_version" AFTER INSERT OR UPDATE OR DELETE ON "menus" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "menus_data_version_truncate" AFTER TRUNCATE ON "menus" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
