import { useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import type { ReferenceListName } from '#shared/reference-lists.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import type { ConfirmationMethod, Report, ReportStatus, Workspace } from '../model/workspace.ts';

/** The staff API paths the workspace calls (client and server agree on them). */
export const workspacePaths = {
  workspace: '/api/workspace',
  confirmations: (siteId: number) => `${apiPaths.site(siteId)}/confirmations`,
  confirmationRequests: (siteId: number) => `${apiPaths.site(siteId)}/confirmation-requests`,
  reports: (status?: ReportStatus) => (status ? `/api/reports?status=${status}` : '/api/reports'),
  report: (id: number) => `/api/reports/${id}`,
} as const;

/** Admin screens' queries start with 'admin' and always fetch on mount (lib/after-admin-write.ts). */
export const workspaceKeys = {
  workspace: ['admin', 'workspace'] as const,
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

export function updateReport(id: number, body: { status: ReportStatus; note?: string }) {
  return api<Report>(workspacePaths.report(id), { method: 'PATCH', body });
}

export function deleteItem(list: ReferenceListName, id: number, version: number) {
  return api<void>(`${apiPaths.listItem(list, id)}?version=${version}`, { method: 'DELETE' });
}
