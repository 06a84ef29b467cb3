import { canMoveReport, REPORT_STATUSES, type ReportStatus } from '#shared/keep-true.ts';
import { foldText } from '#shared/site-search.ts';

export {
  CONFIRMATION_METHODS,
  CONFIRMATION_NOTE_MAX,
  type ConfirmationMethod,
  REPORT_NOTE_MAX,
  REPORT_STATUSES,
  type ReportStatus,
} from '#shared/keep-true.ts';
export type { Report } from '#shared/schemas/reports.ts';

import type { WorkspaceSite } from '#shared/schemas/workspace.ts';

export type { Workspace, WorkspaceSite } from '#shared/schemas/workspace.ts';

/** The statuses a report can be given now: its own first, then the allowed moves, in the usual order. */
export function nextStatuses(status: ReportStatus): ReportStatus[] {
  return REPORT_STATUSES.filter((s) => canMoveReport(status, s));
}

/** Lower case, accents and punctuation gone, spaces collapsed: 'Café  St. Mary' → 'cafe st mary'. */
export function searchKey(text: string): string {
  return foldText(text.normalize('NFKC'))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether the site's name in any language contains the search (case and accents ignored). */
export function matchesName(site: Pick<WorkspaceSite, 'name' | 'translations'>, search: string): boolean {
  const wanted = searchKey(search);
  if (!wanted) return true;
  const names = [site.name, ...Object.values(site.translations ?? {}).map((t) => t?.name ?? '')];
  return names.some((name) => searchKey(name).includes(wanted));
}

export const SITE_FLAGS = [
  'notConfirmed',
  'noPosition',
  'noHours',
  'temporarilyClosed',
  'openReports',
  'duplicate',
  'factsMissing',
] as const;
export type SiteFlag = (typeof SITE_FLAGS)[number];

export interface SiteFilters {
  search: string;
  flags: readonly SiteFlag[];
  /** "Not confirmed in N days". */
  days: number;
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

/** The sites matching the search and every chosen flag, by name. */
export function filterWorkspaceSites(
  sites: readonly WorkspaceSite[],
  filters: SiteFilters,
  today: string,
  agencyDate: (instant: string) => string | null,
): WorkspaceSite[] {
  return sites
    .filter((site) => {
      if (!matchesName(site, filters.search)) return false;
      if (filters.flags.length === 0) return true;
      const flags = siteFlags(
        site,
        site.confirmedAt ? agencyDate(site.confirmedAt) : null,
        today,
        filters.days,
      );
      return filters.flags.every((flag) => flags[flag]);
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
