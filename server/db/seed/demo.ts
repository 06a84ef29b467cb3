import { eq, sql } from 'drizzle-orm';
import { createItem } from '#server/services/reference-lists.ts';
import { createSite } from '#server/services/sites.ts';
import {
  fieldsPerList,
  REFERENCE_LIST_NAMES,
  type ReferenceListName,
} from '#shared/schemas/reference-lists.ts';
import type { Translations } from '#shared/translations.ts';
import type { Db } from '../client.ts';
import { appSettings } from '../schema.ts';
import {
  DEMO_CLOSING_STATUSES,
  DEMO_COVID_STATUSES,
  DEMO_ITEM_TRANSLATIONS,
  DEMO_MEAL_TYPES,
  DEMO_NOTICE,
  DEMO_NUTRITION_PARTNERS,
  DEMO_POPULATIONS,
  DEMO_SERVICES,
  DEMO_SITE_TRANSLATIONS,
  DEMO_SITES,
  type DemoSite,
} from './demo-data.ts';
import { demoFacts } from './demo-facts.ts';

export { DEMO_NOTICE };

/** Each list's demo items and the names a demo site picks from it; a list without demo data stays empty. */
const DEMO_LISTS: {
  [L in ReferenceListName]?: {
    items: { name: string; closesSite?: boolean }[];
    of: (site: DemoSite) => string[];
  };
} = {
  nutritionpartners: { items: DEMO_NUTRITION_PARTNERS, of: (site) => site.nutritionPartners },
  populations: { items: DEMO_POPULATIONS.map((name) => ({ name })), of: (site) => site.populations },
  mealtypes: { items: DEMO_MEAL_TYPES.map((name) => ({ name })), of: (site) => site.mealTypes },
  services: { items: DEMO_SERVICES.map((name) => ({ name })), of: (site) => site.services },
  covidstatuses: {
    items: DEMO_COVID_STATUSES.map((name) => ({ name, closesSite: DEMO_CLOSING_STATUSES.includes(name) })),
    of: (site) => site.covidStatuses,
  },
};

/** `{es: 'Almuerzo', zh: '午膳'}` → `{es: {name: 'Almuerzo'}, zh: {name: '午膳'}}`. */
function namesOf(names: { es?: string; zh?: string } | undefined): Translations<'name'> {
  return Object.fromEntries(Object.entries(names ?? {}).map(([language, name]) => [language, { name }]));
}

/** Loads the demo sites and lists, and records that this installation shows demo data. */
export async function seedDemoData(db: Db): Promise<{ sites: number }> {
  const ids = {} as Record<ReferenceListName, Map<string, number>>;
  for (const list of REFERENCE_LIST_NAMES) {
    ids[list] = new Map();
    for (const item of DEMO_LISTS[list]?.items ?? []) {
      const created = await createItem(
        db,
        list,
        { ...item, translations: namesOf(DEMO_ITEM_TRANSLATIONS[item.name]) },
        null,
        { action: 'create', source: 'import' },
      );
      ids[list].set(item.name, created.id);
    }
  }
  const pick = (list: ReferenceListName, names: string[]) => names.map((name) => ids[list].get(name)!);
  for (const [index, site] of DEMO_SITES.entries()) {
    await createSite(
      db,
      {
        name: site.name,
        translations: namesOf(DEMO_SITE_TRANSLATIONS[site.name]),
        address: site.address,
        phoneNumber: site.phoneNumber,
        phoneExtension: null,
        email: site.email,
        website: site.website,
        lat: site.lat,
        lng: site.lng,
        Hours: site.hours,
        facts: demoFacts(site, index),
        ...fieldsPerList('idsKey', (list) => pick(list, DEMO_LISTS[list]?.of(site) ?? [])),
      },
      null,
      { source: 'import' },
    );
  }
  await setDemoFlag(db, true);
  return { sites: DEMO_SITES.length };
}

async function setDemoFlag(db: Db, on: boolean) {
  await db
    .insert(appSettings)
    .values({ key: 'demoData', value: on })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: on, updatedAt: sql`now()` } });
}

export async function hasDemoData(db: Db): Promise<boolean> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'demoData'));
  return row?.value === true;
}
