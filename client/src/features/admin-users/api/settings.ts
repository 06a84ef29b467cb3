import { useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import type { DeploymentSetting } from '#shared/schemas/settings.ts';

/** GET /api/settings: the deployment settings, read only, for administrators (docs/product.md R609). */
export function useDeploymentSettings() {
  return useQuery({
    queryKey: ['deployment-settings'],
    queryFn: ({ signal }) => api<DeploymentSetting[]>(apiPaths.settings, { signal }),
  });
}
