import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import type { Closure } from '#shared/schemas/closures.ts';
import type { Site } from '#shared/schemas/sites.ts';
import type { ReportReason } from '../model/reports.ts';
import { reportPaths } from './reports.ts';

/**
 * GET /api/confirmations/{token}: the site as the public sees it, its upcoming closures (the agency's
 * holidays among them) and when the link stops working.
 */
export interface ConfirmationLink {
  site: Site;
  closures: Closure[];
  expiresAt: string;
}

export function useConfirmationLink(token: string) {
  return useQuery({
    queryKey: ['confirmation', token],
    queryFn: ({ signal }) => api<ConfirmationLink>(reportPaths.confirmation(token), { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export type ConfirmationAnswer =
  | { answer: 'correct' }
  | { answer: 'changed'; reasons?: ReportReason[]; message?: string };

/** POST /api/confirmations/{token}: spends the link. */
export function answerConfirmation(token: string, body: ConfirmationAnswer) {
  return api<unknown>(reportPaths.confirmation(token), { method: 'POST', body });
}

/** POST /api/confirmations/{token}/proposal: the contact's corrections, kept for staff (R598a). */
export function proposeCorrections(token: string, body: Record<string, unknown>) {
  return api<{ proposed: boolean }>(apiPaths.confirmationProposal(token), { method: 'POST', body });
}
