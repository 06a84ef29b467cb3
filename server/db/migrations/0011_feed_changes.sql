-- The open-data feed's change record (docs/decisions/041-a-feed-a-211-can-sync-from.md): when a site's
-- feed record last changed through something other than the site's own save (a closure, a list item,
-- a holiday decision, a confirmation; site_id 0 = every site), and the sites deleted, which the feed
-- lists as defunct services for 90 days. Written only by the triggers below, at the database's clock.
CREATE TABLE "feed_changes" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "deleted_sites" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "deleted_sites_deleted_at_idx" ON "deleted_sites" USING btree ("deleted_at");--> statement-breakpoint
-- Every record of the feed changed shape with this release (status, assured_date, addresses): one
-- incremental read after it gets them all.
INSERT INTO "feed_changes" ("site_id", "changed_at") VALUES (0, now());--> statement-breakpoint
-- Marks the sites' feed records changed now; in site order, so two writers never lock rows in opposite orders.
CREATE FUNCTION "feed_touch"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "feed_changes" ("site_id", "changed_at")
  SELECT d.id, clock_timestamp() FROM (SELECT DISTINCT id FROM unnest(ids) AS id WHERE id IS NOT NULL) d ORDER BY d.id
  ON CONFLICT ("site_id") DO UPDATE SET "changed_at" = greatest("feed_changes"."changed_at", excluded."changed_at");
$$;--> statement-breakpoint
-- A site row changed without its own updated_at moving (a confirmation, a position found later).
CREATE FUNCTION "feed_site_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM feed_touch(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sites_feed_changed" AFTER UPDATE ON "sites" FOR EACH ROW
  WHEN (OLD.updated_at IS NOT DISTINCT FROM NEW.updated_at AND OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "feed_site_changed"();--> statement-breakpoint
-- A deleted site's tombstone: its id and name, and when.
CREATE FUNCTION "feed_site_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "deleted_sites" ("id", "name", "deleted_at") VALUES (OLD.id, OLD.name, clock_timestamp())
  ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "deleted_at" = excluded."deleted_at";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sites_feed_deleted" AFTER DELETE ON "sites" FOR EACH ROW EXECUTE FUNCTION "feed_site_deleted"();--> statement-breakpoint
-- A link row removed or added: a list item deleted (its links cascade), a closure leaving or reaching a site.
CREATE FUNCTION "feed_link_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM feed_touch(ARRAY[OLD.site_id]);
  ELSE
    PERFORM feed_touch(ARRAY[NEW.site_id]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "site_nutrition_partners_feed" AFTER DELETE ON "site_nutrition_partners" FOR EACH ROW EXECUTE FUNCTION "feed_link_changed"();--> statement-breakpoint
CREATE TRIGGER "site_populations_feed" AFTER DELETE ON "site_populations" FOR EACH ROW EXECUTE FUNCTION "feed_link_changed"();--> statement-breakpoint
CREATE TRIGGER "site_meal_types_feed" AFTER DELETE ON "site_meal_types" FOR EACH ROW EXECUTE FUNCTION "feed_link_changed"();--> statement-breakpoint
CREATE TRIGGER "site_services_feed" AFTER DELETE ON "site_services" FOR EACH ROW EXECUTE FUNCTION "feed_link_changed"();--> statement-breakpoint
CREATE TRIGGER "site_covid_statuses_feed" AFTER DELETE ON "site_covid_statuses" FOR EACH ROW EXECUTE FUNCTION "feed_link_changed"();--> statement-breakpoint
CREATE TRIGGER "closure_sites_feed" AFTER INSERT OR DELETE ON "closure_sites" FOR EACH ROW EXECUTE FUNCTION "feed_link_changed"();--> statement-breakpoint
-- A list item renamed, translated or otherwise edited: every site it is linked to (TG_ARGV: link table, item column).
CREATE FUNCTION "feed_item_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  EXECUTE format('SELECT array_agg(site_id) FROM %I WHERE %I = $1', TG_ARGV[0], TG_ARGV[1]) INTO ids USING NEW.id;
  PERFORM feed_touch(ids);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "nutrition_partners_feed" AFTER UPDATE ON "nutrition_partners" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "feed_item_changed"('site_nutrition_partners', 'nutrition_partner_id');--> statement-breakpoint
CREATE TRIGGER "populations_feed" AFTER UPDATE ON "populations" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "feed_item_changed"('site_populations', 'population_id');--> statement-breakpoint
CREATE TRIGGER "meal_types_feed" AFTER UPDATE ON "meal_types" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "feed_item_changed"('site_meal_types', 'meal_type_id');--> statement-breakpoint
CREATE TRIGGER "services_feed" AFTER UPDATE ON "services" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "feed_item_changed"('site_services', 'service_id');--> statement-breakpoint
CREATE TRIGGER "covid_statuses_feed" AFTER UPDATE ON "covid_statuses" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "feed_item_changed"('site_covid_statuses', 'covid_status_id');--> statement-breakpoint
-- A closure added, edited or deleted: every site when it closes all of them (before or after), else
-- its sites (an edit; its links' own triggers cover sites added, removed, and a delete's cascade).
CREATE FUNCTION "feed_closure_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP <> 'INSERT' AND OLD.all_sites) OR (TG_OP <> 'DELETE' AND NEW.all_sites) THEN
    PERFORM feed_touch(ARRAY[0]);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM feed_touch((SELECT array_agg(site_id) FROM closure_sites WHERE closure_id = NEW.id));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "closures_feed" AFTER INSERT OR UPDATE OR DELETE ON "closures" FOR EACH ROW EXECUTE FUNCTION "feed_closure_changed"();--> statement-breakpoint
-- A holiday decision: every site when "open everywhere" changed, else the sites whose exemption changed.
CREATE FUNCTION "feed_holiday_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_open boolean := false;
  was_exempt integer[] := '{}';
BEGIN
  IF TG_OP = 'UPDATE' THEN
    was_open := OLD.open_everywhere;
    was_exempt := OLD.open_site_ids;
  END IF;
  IF was_open IS DISTINCT FROM NEW.open_everywhere THEN
    PERFORM feed_touch(ARRAY[0]);
  ELSIF NOT NEW.open_everywhere THEN
    PERFORM feed_touch(ARRAY(
      (SELECT unnest(was_exempt) EXCEPT SELECT unnest(NEW.open_site_ids))
      UNION
      (SELECT unnest(NEW.open_site_ids) EXCEPT SELECT unnest(was_exempt))
    ));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "holiday_decisions_feed" AFTER INSERT OR UPDATE ON "holiday_decisions" FOR EACH ROW EXECUTE FUNCTION "feed_holiday_changed"();
