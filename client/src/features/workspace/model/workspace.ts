import { canMoveReport, REPORT_STATUSES, type ReportStatus } from '#shared/keep-true.ts';

export {
  CONFIRMATION_METHODS,
  CONFIRMATION_NOTE_MAX,
  type ConfirmationMethod,
  REPORT_NOTE_MAX,
  REPORT_STATUSES,
  type ReportStatus,
} from '#shared/keep-true.ts';
export type { Report } from '#shared/schemas/reports.ts';
export type {
  Workspace,
  WorkspaceSite,
  WorkspaceSitesPage,
} from '#shared/schemas/workspace.ts';
// The search, the flags and the page are the server's own rules (docs/product.md R740–R743).
export {
  daysSince,
  filterWorkspaceSites,
  matchesName,
  SITE_FLAGS,
  type SiteFilters,
  type SiteFlag,
  searchKey,
  siteFlags,
} from '#shared/workspace-sites.ts';

/** The statuses a report can be given now: its own first, then the allowed moves, in the usual order. */
export function nextStatuses(status: ReportStatus): ReportStatus[] {
  return REPORT_STATUSES.filter((s) => canMoveReport(status, s));
}
