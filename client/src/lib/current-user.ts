import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '#shared/api-paths.ts';
import type { User } from '#shared/schemas/users.ts';
import { api } from './api.ts';

export const currentUserKey = ['users', 'me'] as const;

/**
 * The signed-in user, app-wide state: the navigation, the guards and several screens read it.
 * GET /api/users/me, asked once per page load and shared by every screen (204 → null). */
export function useCurrentUser() {
  const query = useQuery({
    queryKey: currentUserKey,
    queryFn: async () =>
      (await api<User | undefined>(apiPaths.me, { skipUnauthorizedRedirect: true })) ?? null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  return { user: query.data ?? null, loading: query.isPending, error: query.error };
}

export function useSetCurrentUser() {
  const client = useQueryClient();
  return (user: User | null) => client.setQueryData(currentUserKey, user);
}
