CREATE TABLE "data_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_version_single_row" CHECK ("data_version"."id" = 1)
);--> statement-breakpoint
INSERT INTO "data_version" DEFAULT VALUES;--> statement-breakpoint
-- Bumped once per transaction, at commit (deferred), so the row is locked only while committing: two
-- writers never wait on each other's data_version lock while holding a site row (no deadlock).
CREATE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('meals.data_version_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('meals.data_version_bumped', 'on', true);
    UPDATE "data_version" SET "version" = "version" + 1, "token" = gen_random_uuid(), "changed_at" = now();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sites_data_version" AFTER INSERT OR UPDATE OR DELETE ON "sites" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "sites_data_version_truncate" AFTER TRUNCATE ON "sites" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "site_hours_data_version" AFTER INSERT OR UPDATE OR DELETE ON "site_hours" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "site_hours_data_version_truncate" AFTER TRUNCATE ON "site_hours" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "nutrition_partners_data_version" AFTER INSERT OR UPDATE OR DELETE ON "nutrition_partners" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "nutrition_partners_data_version_truncate" AFTER TRUNCATE ON "nutrition_partners" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "populations_data_version" AFTER INSERT OR UPDATE OR DELETE ON "populations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "populations_data_version_truncate" AFTER TRUNCATE ON "populations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "meal_types_data_version" AFTER INSERT OR UPDATE OR DELETE ON "meal_types" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "meal_types_data_version_truncate" AFTER TRUNCATE ON "meal_types" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "services_data_version" AFTER INSERT OR UPDATE OR DELETE ON "services" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "services_data_version_truncate" AFTER TRUNCATE ON "services" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "covid_statuses_data_version" AFTER INSERT OR UPDATE OR DELETE ON "covid_statuses" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "covid_statuses_data_version_truncate" AFTER TRUNCATE ON "covid_statuses" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "site_nutrition_partners_data_version" AFTER INSERT OR UPDATE OR DELETE ON "site_nutrition_partners" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "site_nutrition_partners_data_version_truncate" AFTER TRUNCATE ON "site_nutrition_partners" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "site_populations_data_version" AFTER INSERT OR UPDATE OR DELETE ON "site_populations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "site_populations_data_version_truncate" AFTER TRUNCATE ON "site_populations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "site_meal_types_data_version" AFTER INSERT OR UPDATE OR DELETE ON "site_meal_types" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "site_meal_types_data_version_truncate" AFTER TRUNCATE ON "site_meal_types" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "site_services_data_version" AFTER INSERT OR UPDATE OR DELETE ON "site_services" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "site_services_data_version_truncate" AFTER TRUNCATE ON "site_services" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "site_covid_statuses_data_version" AFTER INSERT OR UPDATE OR DELETE ON "site_covid_statuses" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "site_covid_statuses_data_version_truncate" AFTER TRUNCATE ON "site_covid_statuses" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "closures_data_version" AFTER INSERT OR UPDATE OR DELETE ON "closures" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "closures_data_version_truncate" AFTER TRUNCATE ON "closures" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "closure_sites_data_version" AFTER INSERT OR UPDATE OR DELETE ON "closure_sites" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "closure_sites_data_version_truncate" AFTER TRUNCATE ON "closure_sites" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "holiday_decisions_data_version" AFTER INSERT OR UPDATE OR DELETE ON "holiday_decisions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "holiday_decisions_data_version_truncate" AFTER TRUNCATE ON "holiday_decisions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
