import { useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';
import { assertValid } from '#client/lib/schema-errors.ts';
import { apiPaths } from '#shared/api-paths.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import {
  type AccessChange,
  type Invitation,
  InvitationSchema,
  type StaffAccount,
} from '#shared/schemas/staff-accounts.ts';

export const staffAccountsKey = ['staff-accounts'] as const;
const partnersKey = ['staff-accounts', 'partners'] as const;

/** GET /api/users: every account, for administrators (docs/product.md R580). */
export function useStaffAccounts() {
  return useQuery({
    queryKey: staffAccountsKey,
    queryFn: ({ signal }) => api<StaffAccount[]>(apiPaths.users, { signal }),
  });
}

/** The nutrition partners a partner manager can keep, by name. */
export function usePartners() {
  return useQuery({
    queryKey: partnersKey,
    queryFn: ({ signal }) => api<ReferenceItem[]>(apiPaths.list('nutritionpartners'), { signal }),
  });
}

/** POST /api/users/invitations, checked first with the API's own schema. */
export function inviteAccount(body: Invitation) {
  assertValid(InvitationSchema, body);
  return api<StaffAccount>(apiPaths.invitations, { method: 'POST', body });
}

export const resendInvitation = (id: number) =>
  api<StaffAccount>(apiPaths.invitation(id), { method: 'POST' });

export const revokeInvitation = (id: number) =>
  api<StaffAccount>(apiPaths.invitation(id), { method: 'DELETE' });

export const changeAccess = (id: number, body: AccessChange) =>
  api<StaffAccount>(apiPaths.userAccess(id), { method: 'PATCH', body });
