import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '#client/lib/api.ts';
import { currentUserKey } from '#client/lib/current-user.ts';
import { apiPaths } from '#shared/api-paths.ts';
import type { LoginSchema, User } from '#shared/schemas/users.ts';

type LoginInput = z.input<typeof LoginSchema>;

/** POST /api/auth/login. A 422 means wrong e-mail or password; it must not bounce to /login. */
export function login(input: LoginInput) {
  return api<User>(apiPaths.login, { method: 'POST', body: input, skipUnauthorizedRedirect: true });
}

/** Logs in, makes the user the current user and refreshes what may differ for them (admin links). */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      client.setQueryData(currentUserKey, user);
      void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
    },
  });
}
