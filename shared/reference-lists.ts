/** Where a list shows on a site's page. */
type SitePagePlacement =
  /** Its own row, rows sorted by `row`; `hideWhenEmpty` drops the row instead of saying "Not listed". */
  | { row: number; hideWhenEmpty?: boolean }
  /** In brackets after the items of another list's row (that list's registry key). */
  | { inBracketsOf: string };

/** What is written by hand for one list; everything else about it is derived in `defineLists`. */
interface ListSpec {
  /** One item's name in PascalCase: the ids key a site write sends is `${singular}Ids`. */
  singular: string;
  /** The key of the list's items on a site (API answers), PascalCase. */
  plural: string;
  /** The query key of the list's filter on the locations page (`/sites?partner=3`). */
  filterKey: string;
  /** The admin editor's URL segment (`/partners/new`, `/partners/:id/edit`). */
  adminSegment: string;
  /** The SQL item table and its id column in the `site_<table>` link table. */
  sql: { table: string; itemColumn: string };
  /** Items carry a phone number, e-mail and website besides their name. */
  contact: boolean;
  /**
   * Items carry `closesSite`: an item so marked means a site that has it is closed (a "Temporarily
   * closed" status), whatever its hours say.
   */
  closesSite: boolean;
  sitePage: SitePagePlacement;
}

type ListEntry<Key extends string, Spec extends ListSpec> = Spec & {
  /** The registry key, which is also the API path segment: `/api/${key}`. */
  key: Key;
  idsKey: `${Spec['singular']}Ids`;
  siteKey: Spec['plural'];
  sql: Spec['sql'] & { link: `site_${Spec['sql']['table']}` };
  /** The translation keys the list needs, per namespace (shared/locales/<lang>/<ns>.json). */
  i18n: {
    sites: {
      filterLabel: `filters.${Spec['filterKey']}.label`;
      filterAll: `filters.${Spec['filterKey']}.all`;
    };
    admin: { title: `lists.${Key}.title`; plural: `lists.${Key}.plural`; add: `lists.${Key}.add` };
    /** The label of its row on a site's page; lists shown in brackets have none. */
    site: { row?: `lists.${Key}` };
    /**
     * The label of its own row on the site contact's page, every list apart (docs/product.md R490): the
     * contact vouches for each list, so none hides in another's brackets there.
     */
    reports: { fact: `confirm.lists.${Key}` };
  };
};

function defineLists<const Specs extends Record<string, ListSpec>>(
  specs: Specs,
): { [Key in keyof Specs & string]: ListEntry<Key, Specs[Key]> } {
  const entries = Object.entries(specs).map(([key, spec]) => {
    const entry: ListEntry<string, ListSpec> = {
      ...spec,
      key,
      idsKey: `${spec.singular}Ids`,
      siteKey: spec.plural,
      sql: { ...spec.sql, link: `site_${spec.sql.table}` },
      i18n: {
        sites: { filterLabel: `filters.${spec.filterKey}.label`, filterAll: `filters.${spec.filterKey}.all` },
        admin: { title: `lists.${key}.title`, plural: `lists.${key}.plural`, add: `lists.${key}.add` },
        site: 'row' in spec.sitePage ? { row: `lists.${key}` } : {},
        reports: { fact: `confirm.lists.${key}` },
      },
    };
    return [key, entry];
  });
  return Object.fromEntries(entries) as never;
}

/**
 * The reference lists: the one place that names them. Site schemas, filters, admin routes, the site
 * page, the cache's write routes and the SQL names all follow from these entries, so adding a list is
 * an entry here, a migration (server/db/schema.ts, server/db/reference-tables.ts) and its words in
 * every language; docs/architecture.md ("Adding a sixth reference list") has the steps. The order
 * here is the order of the filters, the admin checklists and the keys in API answers.
 */
export const REFERENCE_LISTS = defineLists({
  nutritionpartners: {
    singular: 'NutritionPartner',
    plural: 'NutritionPartners',
    filterKey: 'partner',
    adminSegment: 'partners',
    closesSite: false,
    sql: { table: 'nutrition_partners', itemColumn: 'nutrition_partner_id' },
    contact: true,
    sitePage: { row: 3, hideWhenEmpty: true },
  },
  populations: {
    singular: 'Population',
    plural: 'Populations',
    filterKey: 'population',
    adminSegment: 'populations',
    closesSite: false,
    sql: { table: 'populations', itemColumn: 'population_id' },
    contact: false,
    sitePage: { row: 1 },
  },
  mealtypes: {
    singular: 'MealType',
    plural: 'MealTypes',
    filterKey: 'mealtype',
    adminSegment: 'mealtypes',
    closesSite: false,
    sql: { table: 'meal_types', itemColumn: 'meal_type_id' },
    contact: false,
    sitePage: { row: 2 },
  },
  services: {
    singular: 'Service',
    plural: 'Services',
    filterKey: 'service',
    adminSegment: 'services',
    closesSite: false,
    sql: { table: 'services', itemColumn: 'service_id' },
    contact: false,
    sitePage: { inBracketsOf: 'mealtypes' },
  },
  covidstatuses: {
    singular: 'CovidStatus',
    plural: 'CovidStatuses',
    filterKey: 'status',
    adminSegment: 'statuses',
    closesSite: true,
    sql: { table: 'covid_statuses', itemColumn: 'covid_status_id' },
    contact: false,
    sitePage: { inBracketsOf: 'populations' },
  },
});

export type ReferenceListName = keyof typeof REFERENCE_LISTS;
export const REFERENCE_LIST_NAMES = Object.keys(REFERENCE_LISTS) as ReferenceListName[];
type Entry<L extends ReferenceListName> = (typeof REFERENCE_LISTS)[L];
export type SiteListKey = Entry<ReferenceListName>['siteKey'];
export type SiteIdsKey = Entry<ReferenceListName>['idsKey'];
export type ListFilterKey = Entry<ReferenceListName>['filterKey'];

/**
 * One field per list, named by the list's `idsKey` or `siteKey`: `{ NutritionPartnerIds: v, … }`.
 * The keys stay literal types, so a schema built from it knows each key.
 */
export function fieldsPerList<const By extends 'idsKey' | 'siteKey', V>(
  by: By,
  value: (list: ReferenceListName) => V,
): { [L in ReferenceListName as Entry<L>[By]]: V } {
  return Object.fromEntries(
    REFERENCE_LIST_NAMES.map((list) => [REFERENCE_LISTS[list][by], value(list)]),
  ) as never;
}
