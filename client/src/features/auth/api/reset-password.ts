import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';
import { currentUserKey } from '#client/lib/current-user.ts';
import { apiPaths } from '#shared/api-paths.ts';

const resetTokenKey = (token: string) => ['passwords', token] as const;

/** GET /api/passwords/{token}: 200 usable, 404 invalid or used, 410 expired (docs/product.md R38). */
export function useResetToken(token: string) {
  return useQuery({
    queryKey: resetTokenKey(token),
    queryFn: ({ signal }) =>
      api<unknown>(apiPaths.password(token), { signal, skipUnauthorizedRedirect: true }).then(() => true),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

/** PATCH /api/passwords/{token}. The server ends every session of the user, so the current user is asked again. */
export function useResetPassword(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api<unknown>(apiPaths.password(token), {
        method: 'PATCH',
        body: { password },
        skipUnauthorizedRedirect: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: currentUserKey }),
  });
}
