-- Printed menus (docs/product.md R682–R683, docs/decisions/065-week-menu-print-and-printed-menus.md): the
-- provider's own menu of a month as a file (PDF, JPEG, PNG or WebP), for a nutrition partner (all its
-- sites) or for one site. One file per owner and month; the bytes are in the file store under `key`.
CREATE TABLE "printed_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer,
	"site_id" integer,
	"month" text NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printed_menus_owner_check" CHECK (("partner_id" IS NULL) <> ("site_id" IS NULL)),
	CONSTRAINT "printed_menus_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "printed_menus" ADD CONSTRAINT "printed_menus_partner_id_nutrition_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."nutrition_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printed_menus" ADD CONSTRAINT "printed_menus_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printed_menus" ADD CONSTRAINT "printed_menus_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "printed_menus_partner_month_idx" ON "printed_menus" USING btree ("partner_id","month") WHERE "partner_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "printed_menus_site_month_idx" ON "printed_menus" USING btree ("site_id","month") WHERE "site_id" IS NOT NULL;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "printed_menus_data_version" AFTER INSERT OR UPDATE OR DELETE ON "printed_menus" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "printed_menus_data_version_truncate" AFTER TRUNCATE ON "printed_menus" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
