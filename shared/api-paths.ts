import type { ReferenceListName } from './schemas/reference-lists.ts';

/**
 * Every route the server registers under /api, as its pattern (`:id` a parameter): the routes register
 * with these and `apiPaths` fills them in, so client and server cannot drift apart (docs/product.md R72).
 * The open-data feed's routes are in shared/feed-routes.ts. server/test/api-paths.test.ts checks that
 * the server registers exactly these and those.
 */
export const apiRoutes = {
  sites: '/api/sites',
  site: '/api/sites/:id',
  siteHistory: '/api/sites/:id/history',
  /** Restoring an earlier version of a site, as a new change (docs/product.md R562). */
  siteHistoryRestore: '/api/sites/:id/history/:historyId/restore',
  siteQr: '/api/sites/:id/qr.svg',
  siteConfirmations: '/api/sites/:id/confirmations',
  siteConfirmationRequests: '/api/sites/:id/confirmation-requests',
  sitesExport: (format: 'csv' | 'xlsx') => `/api/sites/export.${format}` as const,
  importTemplate: '/api/sites/import-template.csv',
  imports: '/api/imports',
  import: '/api/imports/:id',
  importCommit: '/api/imports/:id/commit',
  /** Another publisher's HSDS 3.0 data: a datapackage.zip as the body, or an API's address (R646). */
  importHsds: '/api/imports/hsds',
  importHsdsUrl: '/api/imports/hsds-url',
  list: (list: ReferenceListName) => `/api/${list}` as const,
  listItem: (list: ReferenceListName) => `/api/${list}/:id` as const,
  listItemUsage: (list: ReferenceListName) => `/api/${list}/:id/usage` as const,
  listItemHistory: (list: ReferenceListName) => `/api/${list}/:id/history` as const,
  listItemHistoryRestore: (list: ReferenceListName) => `/api/${list}/:id/history/:historyId/restore` as const,
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  register: '/api/auth/register',
  me: '/api/users/me',
  user: '/api/users/:id',
  userEvents: '/api/users/:id/events',
  /** Staff accounts, for administrators (R580–R589): the list, an invitation, one's access. */
  users: '/api/users',
  invitations: '/api/users/invitations',
  invitation: '/api/users/:id/invitation',
  userAccess: '/api/users/:id/access',
  settings: '/api/settings',
  search: '/api/search',
  searchMap: '/api/search/map',
  passwords: '/api/passwords',
  password: '/api/passwords/:token',
  confirmation: '/api/confirmations/:token',
  /** A site contact's corrections through their link, kept as a proposal (R598a). */
  confirmationProposal: '/api/confirmations/:token/proposal',
  assets: '/api/assets',
  upload: '/api/uploads/:signedId',
  config: '/api/config',
  openapi: '/api/openapi.json',
  closures: '/api/closures',
  closure: '/api/closures/:id',
  closureHistory: '/api/closures/:id/history',
  holidays: '/api/closures/holidays',
  holiday: '/api/closures/holidays/:key/:date',
  holidayHistory: '/api/closures/holidays/:key/:date/history',
  places: '/api/places',
  reports: '/api/reports',
  report: '/api/reports/:id',
  workspace: '/api/workspace',
  /** One page of the workspace's sites, searched and narrowed on the server (R740–R743). */
  workspaceSites: '/api/workspace/sites',
  /** The trash of deleted sites (R553); a restore; `DELETE sitesTrash` empties it (R554). */
  sitesTrash: '/api/sites/trash',
  siteRestore: '/api/sites/trash/:id/restore',
  /** Decisions about possible duplicates (R575–R576): not a duplicate, taken back, or merged. */
  siteNotDuplicates: '/api/sites/:id/not-duplicates',
  siteNotDuplicate: '/api/sites/:id/not-duplicates/:otherId',
  siteMerge: '/api/sites/:id/merge',
  /** Proposed changes (R590–R599): the open ones, one's own, one, and staff's decisions on it. */
  proposals: '/api/proposals',
  myProposals: '/api/proposals/mine',
  /** The sites of a partner manager's own nutrition partners. */
  mySites: '/api/my-sites',
  proposal: '/api/proposals/:id',
  proposalDecisions: '/api/proposals/:id/decisions',
  /**
   * Menus (R650–R689): a site's menu resolved for dates (JSON) and as a calendar (ICS); a partner's
   * own menus; one date's menu of a partner or a site, written or deleted whole.
   */
  siteMenu: '/api/sites/:id/menu',
  siteMenuIcs: '/api/sites/:id/menu.ics',
  siteMenuDay: '/api/sites/:id/menu/:date',
  partnerMenu: '/api/nutritionpartners/:id/menu',
  partnerMenuDay: '/api/nutritionpartners/:id/menu/:date',
  /** A partner's sites, id and name, for the menus screen (R727): staff, or a manager of that partner.
   * No path builder below: staff-only paths are filled where used, keeping the first bundle's bytes. */
  partnerSites: '/api/nutritionpartners/:id/sites',
  /** Every site's dishes of the agency's today, compact (R688). */
  todaysMenus: '/api/menus/today',
  /** The agency's own diet marks (R690–R699): read by anyone, kept by administrators. */
  dietMarks: '/api/dietmarks',
  dietMark: '/api/dietmarks/:id',
  /**
   * Printed menus (R682–R683): the provider's own menu of a month as a file, for a partner or a site;
   * listed, put (the file's bytes as the body) and removed per owner and month; its bytes by key.
   */
  sitePrintedMenus: '/api/sites/:id/printed-menus',
  sitePrintedMenu: '/api/sites/:id/printed-menus/:month',
  partnerPrintedMenus: '/api/nutritionpartners/:id/printed-menus',
  partnerPrintedMenu: '/api/nutritionpartners/:id/printed-menus/:month',
  printedMenuFile: '/api/printed-menus/:key',
  /** A month of menus from a sheet (R675–R679): its preview, then its commit with the preview's digest. */
  partnerMenuImport: '/api/nutritionpartners/:id/menu-import',
  partnerMenuImportCommit: '/api/nutritionpartners/:id/menu-import/commit',
  siteMenuImport: '/api/sites/:id/menu-import',
  siteMenuImportCommit: '/api/sites/:id/menu-import/commit',
} as const;

/** The printable week menu of a site (R681): a page of its own, made on the server, outside /api. */
export const weekMenuPrintRoute = '/sites/:id/menu/print';

/** The names of a pattern's `:name` parameters. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route pattern with its `:name` parameters filled in, each value URI-encoded. */
export function fillPath<P extends string>(pattern: P, params: Record<ParamsOf<P>, number | string>): string {
  const values: Record<string, number | string> = params;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name]!));
}

/** Every API path the client calls, filled in from `apiRoutes` (docs/product.md R72). */
export const apiPaths = {
  sites: apiRoutes.sites,
  site: (id: number | string) => fillPath(apiRoutes.site, { id }),
  /** The QR code (SVG) of a site page's address in one language (docs/product.md R154). */
  siteQr: (id: number | string, language: string) => `${fillPath(apiRoutes.siteQr, { id })}?lng=${language}`,
  list: apiRoutes.list,
  /** A site's or a list item's history, and the restore of one of its versions (docs/product.md R58, R562). */
  siteHistory: (id: number | string) => fillPath(apiRoutes.siteHistory, { id }),
  siteHistoryRestore: (id: number | string, historyId: number | string) =>
    fillPath(apiRoutes.siteHistoryRestore, { id, historyId }),
  listItemHistory: (list: ReferenceListName, id: number | string) =>
    fillPath(apiRoutes.listItemHistory(list), { id }),
  listItemHistoryRestore: (list: ReferenceListName, id: number | string, historyId: number | string) =>
    fillPath(apiRoutes.listItemHistoryRestore(list), { id, historyId }),
  /** Not encoded: the id may also be the OpenAPI document's `{id}`. */
  listItem: (list: ReferenceListName, id: number | string) => `${apiRoutes.list(list)}/${id}`,
  login: apiRoutes.login,
  logout: apiRoutes.logout,
  register: apiRoutes.register,
  me: apiRoutes.me,
  user: (id: number | string) => fillPath(apiRoutes.user, { id }),
  users: apiRoutes.users,
  userEvents: (id: number | string) => fillPath(apiRoutes.userEvents, { id }),
  invitations: apiRoutes.invitations,
  invitation: (id: number | string) => fillPath(apiRoutes.invitation, { id }),
  userAccess: (id: number | string) => fillPath(apiRoutes.userAccess, { id }),
  /** The deployment settings, read only (administrators, docs/product.md R609). */
  settings: apiRoutes.settings,
  /** One page of the locations page's sites, the total and the counts (docs/product.md R700). */
  search: apiRoutes.search,
  /** The map's groups and sites in a view for the same query, the total and the bounds (docs/product.md R730). */
  searchMap: apiRoutes.searchMap,
  passwords: apiRoutes.passwords,
  password: (token: string) => fillPath(apiRoutes.password, { token }),
  confirmationProposal: (token: string) => fillPath(apiRoutes.confirmationProposal, { token }),
  assets: apiRoutes.assets,
  config: apiRoutes.config,
  /** Current and upcoming closures; `siteClosures(id)` only those covering one site (all-sites ones too). */
  closures: apiRoutes.closures,
  siteClosures: (siteId: number | string) => `${apiRoutes.closures}?siteId=${siteId}`,
  closure: (id: number | string) => fillPath(apiRoutes.closure, { id }),
  /** The agency's holidays with staff's decisions (administrators); one occurrence by key and observed day. */
  holidays: apiRoutes.holidays,
  holiday: (key: string, date: string) => fillPath(apiRoutes.holiday, { key, date }),
  /** A spreadsheet's import preview (the file as the body), then its commit (docs/product.md R238). */
  imports: (createMissingItems = false) =>
    `${apiRoutes.imports}${createMissingItems ? '?createMissingItems=true' : ''}`,
  importCommit: (id: string) => fillPath(apiRoutes.importCommit, { id }),
  /** An HSDS 3.0 package's or API's import preview (docs/product.md R646). */
  importHsds: apiRoutes.importHsds,
  importHsdsUrl: apiRoutes.importHsdsUrl,
  importTemplate: apiRoutes.importTemplate,
  /** The sites as CSV or Excel, with the locations page's filters when given (its query string, R236). */
  sitesExport: (format: 'csv' | 'xlsx', search = '') => `${apiRoutes.sitesExport(format)}${search}`,
  /** The near box's lookup: a ZIP code, neighborhood or address in the asked language. */
  proposals: apiRoutes.proposals,
  proposal: (id: number | string) => fillPath(apiRoutes.proposal, { id }),
  proposalDecisions: (id: number | string) => fillPath(apiRoutes.proposalDecisions, { id }),
  places: (q: string, language: string) =>
    `${apiRoutes.places}?q=${encodeURIComponent(q)}&lng=${encodeURIComponent(language)}`,
  /** A pair marked "not a duplicate", taken back, or one site merged into another (R575–R576). */
  siteNotDuplicates: (id: number | string) => fillPath(apiRoutes.siteNotDuplicates, { id }),
  siteNotDuplicate: (id: number | string, otherId: number | string) =>
    fillPath(apiRoutes.siteNotDuplicate, { id, otherId }),
  siteMerge: (id: number | string) => fillPath(apiRoutes.siteMerge, { id }),
  /** A site's menu, resolved; `from`/`to` ('YYYY-MM-DD') default to the agency's week ahead (R661). */
  siteMenu: (id: number | string, range: { from?: string; to?: string } = {}) => {
    const query = new URLSearchParams(
      Object.entries(range).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ).toString();
    return `${fillPath(apiRoutes.siteMenu, { id })}${query ? `?${query}` : ''}`;
  },
  siteMenuIcs: (id: number | string) => fillPath(apiRoutes.siteMenuIcs, { id }),
  siteMenuDay: (id: number | string, date: string) => fillPath(apiRoutes.siteMenuDay, { id, date }),
  partnerMenu: (id: number | string) => fillPath(apiRoutes.partnerMenu, { id }),
  partnerMenuDay: (id: number | string, date: string) => fillPath(apiRoutes.partnerMenuDay, { id, date }),
  todaysMenus: apiRoutes.todaysMenus,
  dietMarks: apiRoutes.dietMarks,
  dietMark: (id: number | string) => fillPath(apiRoutes.dietMark, { id }),
  printedMenus: (kind: 'site' | 'partner', id: number | string) =>
    fillPath(kind === 'site' ? apiRoutes.sitePrintedMenus : apiRoutes.partnerPrintedMenus, { id }),
  printedMenu: (kind: 'site' | 'partner', id: number | string, month: string) =>
    fillPath(kind === 'site' ? apiRoutes.sitePrintedMenu : apiRoutes.partnerPrintedMenu, { id, month }),
  printedMenuFile: (key: string) => fillPath(apiRoutes.printedMenuFile, { key }),
  /** The printable week menu page in a language (R681). */
  weekMenuPrint: (id: number | string, language: string) =>
    `${fillPath(weekMenuPrintRoute, { id })}?lng=${encodeURIComponent(language)}`,
  /** A month of menus from a sheet: the preview, and the commit with the preview's digest (R675–R679). */
  menuImport: (owner: 'partner' | 'site', id: number | string) =>
    fillPath(owner === 'partner' ? apiRoutes.partnerMenuImport : apiRoutes.siteMenuImport, { id }),
  menuImportCommit: (owner: 'partner' | 'site', id: number | string, digest: string) =>
    `${fillPath(owner === 'partner' ? apiRoutes.partnerMenuImportCommit : apiRoutes.siteMenuImportCommit, { id })}?digest=${encodeURIComponent(digest)}`,
} as const;
