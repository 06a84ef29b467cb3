import {
  REFERENCE_LIST_NAMES,
  REFERENCE_LISTS,
  type ReferenceListName,
} from '#shared/schemas/reference-lists.ts';
import {
  covidStatuses,
  mealTypes,
  nutritionPartners,
  populations,
  services,
  siteCovidStatuses,
  siteMealTypes,
  siteNutritionPartners,
  sitePopulations,
  siteServices,
} from './schema.ts';

type Sql<L extends ReferenceListName> = (typeof REFERENCE_LISTS)[L]['sql'];

/**
 * What the Drizzle tables of each list must be: every list has an entry (a missing one does not
 * compile), and the tables carry the SQL names the registry gives (a mismatch does not compile).
 */
type DrizzleTables = {
  [L in ReferenceListName]: {
    table: { _: { name: Sql<L>['table'] } };
    link: { _: { name: Sql<L>['link'] }; itemId: { _: { name: Sql<L>['itemColumn'] } } };
  };
};

const TABLES = {
  nutritionpartners: { table: nutritionPartners, link: siteNutritionPartners },
  populations: { table: populations, link: sitePopulations },
  mealtypes: { table: mealTypes, link: siteMealTypes },
  services: { table: services, link: siteServices },
  covidstatuses: { table: covidStatuses, link: siteCovidStatuses },
} as const satisfies DrizzleTables;

/** The table and link table behind each reference list, keyed by its API name, with their SQL names. */
export const REFERENCE_TABLES = Object.fromEntries(
  REFERENCE_LIST_NAMES.map((list) => {
    const { table, link, itemColumn } = REFERENCE_LISTS[list].sql;
    return [list, { ...TABLES[list], sqlTable: table, sqlLink: link, itemColumn }];
  }),
) as {
  [L in ReferenceListName]: (typeof TABLES)[L] & { sqlTable: string; sqlLink: string; itemColumn: string };
};
