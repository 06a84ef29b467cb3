import { useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { preloadKeys } from '#shared/app-data.ts';
import type { SiteMenu } from '#shared/schemas/menus.ts';

/**
 * GET /api/sites/{id}/menu: the site's menu of the agency's week from today (docs/product.md R659,
 * R661). The server embeds it in the site page, so the first render needs no request.
 */
export function useSiteMenu(id: number) {
  return useQuery({
    queryKey: preloadKeys.siteMenu(id),
    queryFn: ({ signal }) => api<SiteMenu>(apiPaths.siteMenu(id), { signal }),
  });
}
