import { SITE_FLAGS, type SiteFlag, type WorkspaceSite } from './schemas/workspace.ts';
import { foldText } from './site-search.ts';

/**
 * The workspace's sites to keep true (docs/product.md R195, R740–R743): the name search, the "show
 * only" flags and one page of the sites they leave, with the total and a count per flag. The server
 * answers the page with these functions; the browser's tests run the same ones.
 */

export { SITE_FLAGS, type SiteFlag };

export interface SiteFilters {
  search: string;
  flags: readonly SiteFlag[];
  /** "Not confirmed in N days". */
  days: number;
}

/** Lower case, accents and punctuation gone, spaces collapsed: 'Café  St. Mary' → 'cafe st mary'. */
export function searchKey(text: string): string {
  return foldText(text.normalize('NFKC'))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether the site's name in any language contains the folded search `wanted` (from `searchKey`). */
function namesContain(site: Pick<WorkspaceSite, 'name' | 'translations'>, wanted: string): boolean {
  if (!wanted) return true;
  if (searchKey(site.name).includes(wanted)) return true;
  return Object.values(site.translations ?? {}).some((t) => searchKey(t?.name ?? '').includes(wanted));
}

/** A site's names in every language as the name search compares them (`searchKey`), worked out once. */
export function nameKeys(name: string, translations: WorkspaceSite['translations'] | undefined): string[] {
  return [name, ...Object.values(translations ?? {}).map((t) => t?.name ?? '')].map(searchKey);
}

/** What a caller that keeps the sites may give once for many selections (the server, R726). */
export interface PreparedSites {
  /** Each site's `nameKeys`, by the sites' positions. */
  keys?: readonly (readonly string[])[];
  /** The sites are already in the workspace's order. */
  sorted?: boolean;
}

/** Whether the site's name in any language contains the search (case and accents ignored). */
export function matchesName(site: Pick<WorkspaceSite, 'name' | 'translations'>, search: string): boolean {
  return namesContain(site, searchKey(search));
}

const DAY = 86_400_000;

/** Whole agency days from the date of an instant to `today` ('YYYY-MM-DD'); null for never. */
export function daysSince(confirmedDate: string | null, today: string): number | null {
  if (!confirmedDate) return null;
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${confirmedDate}T00:00:00Z`)) / DAY);
}

/**
 * Whether a site has each flag (docs/product.md R195). `confirmedDate` is the agency date of its last
 * confirmation; "not confirmed in N days" means never, or more than N days ago.
 */
export function siteFlags(
  site: WorkspaceSite,
  confirmedDate: string | null,
  today: string,
  days: number,
): Record<SiteFlag, boolean> {
  const since = daysSince(confirmedDate, today);
  return {
    notConfirmed: since === null || since > days,
    noPosition: !site.hasPosition,
    noHours: !site.hasHours,
    temporarilyClosed: site.temporarilyClosed,
    openReports: site.openReports > 0,
    duplicate: site.possibleDuplicates.length > 0,
    factsMissing: site.missingFacts.length > 0,
  };
}

/** The workspace's order: by name, then by id, so a page never depends on the database's collation (R741). */
export function byWorkspaceOrder(
  a: Pick<WorkspaceSite, 'name' | 'id'>,
  b: Pick<WorkspaceSite, 'name' | 'id'>,
) {
  return a.name.localeCompare(b.name) || a.id - b.id;
}

/** The sites matching the search and every chosen flag, in the workspace's order. */
export function filterWorkspaceSites(
  sites: readonly WorkspaceSite[],
  filters: SiteFilters,
  today: string,
  agencyDate: (instant: string) => string | null,
): WorkspaceSite[] {
  return workspaceSelection(sites, filters, today, agencyDate).matching;
}

/**
 * The sites the search and the chosen flags leave, in order, and for each flag how many of them have
 * it (R742): ticking a flag that is not chosen lists exactly that many. One pass over the sites.
 */
export function workspaceSelection(
  sites: readonly WorkspaceSite[],
  filters: SiteFilters,
  today: string,
  agencyDate: (instant: string) => string | null,
  prepared: PreparedSites = {},
): { matching: WorkspaceSite[]; counts: Record<SiteFlag, number> } {
  const wanted = searchKey(filters.search);
  const counts = Object.fromEntries(SITE_FLAGS.map((flag) => [flag, 0])) as Record<SiteFlag, number>;
  const matching: WorkspaceSite[] = [];
  const { keys } = prepared;
  for (const [index, site] of sites.entries()) {
    const siteKeys = keys?.[index];
    if (wanted && !(siteKeys ? siteKeys.some((key) => key.includes(wanted)) : namesContain(site, wanted)))
      continue;
    const flags = siteFlags(
      site,
      site.confirmedAt ? agencyDate(site.confirmedAt) : null,
      today,
      filters.days,
    );
    if (!filters.flags.every((flag) => flags[flag])) continue;
    matching.push(site);
    for (const flag of SITE_FLAGS) if (flags[flag]) counts[flag] += 1;
  }
  if (!prepared.sorted) matching.sort(byWorkspaceOrder);
  return { matching, counts };
}
