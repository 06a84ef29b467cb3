import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import type { ForgotPasswordSchema } from '#shared/schemas/users.ts';

type ForgotPasswordInput = z.input<typeof ForgotPasswordSchema>;

/** POST /api/passwords: e-mails a reset link; 404 for an unknown e-mail (docs/product.md R37). */
function requestPasswordReset(input: ForgotPasswordInput) {
  return api<unknown>(apiPaths.passwords, { method: 'POST', body: input, skipUnauthorizedRedirect: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
