import { eq, sql } from 'drizzle-orm';
import { REFERENCE_LIST_NAMES, type ReferenceListName } from '../../../shared/schemas/reference-lists.ts';
import { createItem } from '../../services/reference-lists.ts';
import { createSite } from '../../services/sites.ts';
import type { Db } from '../client.ts';
import { appSettings } from '../schema.ts';
import {
  DEMO_COVID_STATUSES,
  DEMO_MEAL_TYPES,
  DEMO_NOTICE,
  DEMO_NUTRITION_PARTNERS,
  DEMO_POPULATIONS,
  DEMO_SERVICES,
  DEMO_SITES,
} from './demo-data.ts';

export { DEMO_NOTICE };

const LIST_ITEMS: Record<ReferenceListName, { name: string }[]> = {
  nutritionpartners: DEMO_NUTRITION_PARTNERS,
  populations: DEMO_POPULATIONS.map((name) => ({ name })),
  mealtypes: DEMO_MEAL_TYPES.map((name) => ({ name })),
  services: DEMO_SERVICES.map((name) => ({ name })),
  covidstatuses: DEMO_COVID_STATUSES.map((name) => ({ name })),
};

/** Loads the demo sites and lists, and records that this installation shows demo data. */
export async function seedDemoData(db: Db): Promise<{ sites: number }> {
  const ids = {} as Record<ReferenceListName, Map<string, number>>;
  for (const list of REFERENCE_LIST_NAMES) {
    ids[list] = new Map();
    for (const item of LIST_ITEMS[list])
      ids[list].set(item.name, (await createItem(db, list, item, null)).id);
  }
  const pick = (list: ReferenceListName, names: string[]) => names.map((name) => ids[list].get(name)!);
  for (const site of DEMO_SITES) {
    await createSite(
      db,
      {
        name: site.name,
        address: site.address,
        phoneNumber: site.phoneNumber,
        email: site.email,
        website: site.website,
        lat: site.lat,
        lng: site.lng,
        Hours: site.hours,
        NutritionPartnerIds: pick('nutritionpartners', site.nutritionPartners),
        PopulationIds: pick('populations', site.populations),
        MealTypeIds: pick('mealtypes', site.mealTypes),
        ServiceIds: pick('services', site.services),
        CovidStatusIds: pick('covidstatuses', site.covidStatuses),
      },
      null,
    );
  }
  await setDemoFlag(db, true);
  return { sites: DEMO_SITES.length };
}

export async function setDemoFlag(db: Db, on: boolean) {
  await db
    .insert(appSettings)
    .values({ key: 'demoData', value: on })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: on, updatedAt: sql`now()` } });
}

export async function hasDemoData(db: Db): Promise<boolean> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'demoData'));
  return row?.value === true;
}
