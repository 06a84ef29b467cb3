import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { afterAdminWrite } from '#client/lib/after-admin-write.ts';
import { ApiError, api } from '#client/lib/api.ts';
import { apiPaths, apiRoutes, fillPath } from '#shared/api-paths.ts';
import { CONFIRMATION_METHODS as ALL_METHODS } from '#shared/keep-true.ts';
import type { Site } from '#shared/schemas/sites.ts';

export const adminSiteKey = (id: number) => ['admin', 'sites', id] as const;

/**
 * The site being edited, always fetched fresh when the form opens and never refetched behind the
 * admin's back: the form is rebuilt only when this data changes, i.e. on open and on 'Reload'.
 */
export function useAdminSite(id: number | undefined) {
  return useQuery({
    queryKey: adminSiteKey(id ?? 0),
    queryFn: ({ signal }) => api<Site>(apiPaths.site(id!), { signal }),
    enabled: id !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnMount: 'always',
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}

/** POST /api/sites or PATCH /api/sites/{id} with the version (409 when stale). */
export function useSaveSite(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      id === undefined
        ? api<Site>(apiPaths.sites, { method: 'POST', body })
        : api<Site>(apiPaths.site(id), { method: 'PATCH', body }),
    onSuccess: () => afterAdminWrite(client),
  });
}

/** DELETE /api/sites/{id}?version= (409 when someone changed it since it was loaded). */
export function useDeleteSite(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: number) =>
      api<void>(`${apiPaths.site(id)}?version=${version}`, { method: 'DELETE' }),
    onSuccess: () => afterAdminWrite(client),
  });
}

/** How a clerk checked a site's details (the contract's confirmation methods, less the site contact's own). */
export const CONFIRMATION_METHODS = ALL_METHODS.filter(
  (method): method is Exclude<(typeof ALL_METHODS)[number], 'site-contact'> => method !== 'site-contact',
);
export type ConfirmationMethod = (typeof CONFIRMATION_METHODS)[number];

/** POST /api/sites/{id}/confirmations: the details are right as they are; the version is not bumped. */
export function useConfirmSite(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (method: ConfirmationMethod) =>
      api<Site>(fillPath(apiRoutes.siteConfirmations, { id }), { method: 'POST', body: { method } }),
    onSuccess: () => afterAdminWrite(client),
  });
}

/** POST /api/sites/{id}/confirmation-requests: e-mails the site's contact a link to confirm them. */
export function useRequestConfirmation(id: number) {
  return useMutation({
    mutationFn: () =>
      api<{ sentTo: string }>(fillPath(apiRoutes.siteConfirmationRequests, { id }), { method: 'POST' }),
  });
}

/** The site as it is now, when a 409 did not carry it (docs/product.md R211). */
export const fetchSite = (id: number) => api<Site>(apiPaths.site(id));
