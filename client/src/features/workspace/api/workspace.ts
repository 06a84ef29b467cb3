import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';
import { apiPaths, apiRoutes, fillPath } from '#shared/api-paths.ts';
import type { ReferenceListName } from '#shared/reference-lists.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import type { RestoredSite, TrashedSite } from '#shared/schemas/site-trash.ts';
import type { Site } from '#shared/schemas/sites.ts';
import type {
  ConfirmationMethod,
  Report,
  ReportStatus,
  SiteFlag,
  Workspace,
  WorkspaceSitesPage,
} from '../model/workspace.ts';

/** What the sites section asks the server for (docs/product.md R740–R742). */
export interface SitesQuery {
  q: string;
  show: readonly SiteFlag[];
  days: number;
}

/** The staff API paths the workspace calls, filled in from the routes' own table (shared/api-paths.ts). */
export const workspacePaths = {
  /** The lists' usage and the holidays; the sites come a page at a time (R740). */
  workspace: `${apiRoutes.workspace}?sites=none`,
  sites: ({ q, show, days }: SitesQuery, offset: number) => {
    const params = new URLSearchParams({
      q,
      show: show.join(','),
      days: String(days),
      offset: String(offset),
    });
    return `${apiRoutes.workspaceSites}?${params}`;
  },
  confirmations: (siteId: number) => fillPath(apiRoutes.siteConfirmations, { id: siteId }),
  confirmationRequests: (siteId: number) => fillPath(apiRoutes.siteConfirmationRequests, { id: siteId }),
  reports: (status?: ReportStatus) => (status ? `${apiRoutes.reports}?status=${status}` : apiRoutes.reports),
  report: (id: number) => fillPath(apiRoutes.report, { id }),
} as const;

/** Admin screens' queries start with 'admin' and always fetch on mount (lib/after-admin-write.ts). */
export const workspaceKeys = {
  workspace: ['admin', 'workspace'] as const,
  sitesAll: ['admin', 'workspace-sites'] as const,
  sites: (query: SitesQuery) =>
    ['admin', 'workspace-sites', query.q, query.show.join(','), query.days] as const,
  reports: (status: ReportStatus | 'all') => ['admin', 'reports', status] as const,
  list: (list: ReferenceListName) => ['admin', 'workspace-list', list] as const,
};

export function useWorkspace() {
  return useQuery({
    queryKey: workspaceKeys.workspace,
    queryFn: ({ signal }) => api<Workspace>(workspacePaths.workspace, { signal }),
    staleTime: 0,
  });
}

/**
 * The workspace's sites a page at a time (R740): the first page of the query, and "Show more" asks
 * for the next from where the last ended. The rows shown stay while another query's first page loads.
 */
export function useWorkspaceSites(query: SitesQuery) {
  return useInfiniteQuery({
    queryKey: workspaceKeys.sites(query),
    queryFn: ({ pageParam, signal }) =>
      api<WorkspaceSitesPage>(workspacePaths.sites(query, pageParam), { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.offset + last.sites.length < last.matching ? last.offset + last.sites.length : undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useReports(status: ReportStatus | 'all') {
  return useQuery({
    queryKey: workspaceKeys.reports(status),
    queryFn: ({ signal }) =>
      api<Report[]>(workspacePaths.reports(status === 'all' ? undefined : status), { signal }),
    staleTime: 0,
  });
}

export function useListItems(list: ReferenceListName) {
  return useQuery({
    queryKey: workspaceKeys.list(list),
    queryFn: ({ signal }) => api<ReferenceItem[]>(apiPaths.list(list), { signal }),
    staleTime: 0,
  });
}

/** POST /api/sites/{id}/confirmations: answers the site with its new confirmedAt. */
export function confirmSite(siteId: number, body: { method: ConfirmationMethod; note?: string }) {
  return api<{ id: number; confirmedAt: string | null }>(workspacePaths.confirmations(siteId), {
    method: 'POST',
    body,
  });
}

/** POST /api/sites/{id}/confirmation-requests: e-mails the site's contact a one-time link. */
export function requestConfirmation(siteId: number) {
  return api<{ sentTo: string }>(workspacePaths.confirmationRequests(siteId), { method: 'POST' });
}

export function updateReport(
  id: number,
  body: { status: ReportStatus; note?: string; fixedBy?: number | null },
) {
  return api<Report>(workspacePaths.report(id), { method: 'PATCH', body });
}

export function deleteItem(list: ReferenceListName, id: number, version: number) {
  return api<void>(`${apiPaths.listItem(list, id)}?version=${version}`, { method: 'DELETE' });
}

/** The trash of deleted sites (docs/product.md R553–R554), for administrators. */
export const trashKey = ['admin', 'trash'] as const;

export function useTrash() {
  return useQuery({
    queryKey: trashKey,
    queryFn: ({ signal }) => api<TrashedSite[]>(apiRoutes.sitesTrash, { signal }),
    staleTime: 0,
  });
}

/** POST /api/sites/trash/{id}/restore: the site back under its id, and what could not come back. */
export function restoreSite(id: number) {
  return api<RestoredSite>(fillPath(apiRoutes.siteRestore, { id }), { method: 'POST' });
}

/** DELETE /api/sites/trash: every trashed site removed for good. */
export function emptyTrash() {
  return api<void>(apiRoutes.sitesTrash, { method: 'DELETE' });
}

/** Two sites as staff compare them (docs/product.md R575–R576): fetched afresh, with their versions. */
export function usePair(siteId: number, otherId: number) {
  return useQuery({
    queryKey: ['admin', 'duplicate-pair', siteId, otherId] as const,
    queryFn: ({ signal }) =>
      Promise.all([
        api<Site>(apiPaths.site(siteId), { signal }),
        api<Site>(apiPaths.site(otherId), { signal }),
      ]),
    staleTime: 0,
    retry: false,
  });
}

/** POST /api/sites/{id}/not-duplicates: the pair is recorded and no longer flagged. */
export function markNotDuplicate(siteId: number, otherId: number) {
  return api<{ created: boolean }>(apiPaths.siteNotDuplicates(siteId), { method: 'POST', body: { otherId } });
}

/** POST /api/sites/{keep}/merge: `merged` is folded into `keep`, at the versions staff saw. */
export function mergeSites(keep: Site, merged: Site) {
  return api<Site>(apiPaths.siteMerge(keep.id), {
    method: 'POST',
    body: { mergedId: merged.id, version: keep.version, mergedVersion: merged.version },
  });
}
