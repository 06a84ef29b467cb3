import { useMutation } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import type { User, UserUpdate } from '#shared/schemas/users.ts';

/** PATCH /api/users/{id} (docs/product.md R73): an empty password means unchanged; a 401 goes to /login. */
function updateAccount(id: number, changes: UserUpdate) {
  return api<User>(apiPaths.user(id), { method: 'PATCH', body: changes });
}

export function useUpdateAccount(id: number) {
  return useMutation({ mutationFn: (changes: UserUpdate) => updateAccount(id, changes) });
}
