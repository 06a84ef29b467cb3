import { useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import type { ProposalDecisions, ProposalDetail, ProposalSummary } from '#shared/schemas/proposals.ts';

/** Admin screens' queries start with 'admin' and always fetch on mount (lib/after-admin-write.ts). */
export const proposalKeys = {
  open: ['admin', 'proposals'] as const,
  one: (id: number) => ['admin', 'proposal', id] as const,
};

/** GET /api/proposals: the open proposals, newest first (docs/product.md R592). */
export function useOpenProposals() {
  return useQuery({
    queryKey: proposalKeys.open,
    queryFn: ({ signal }) => api<ProposalSummary[]>(apiPaths.proposals, { signal }),
    staleTime: 0,
  });
}

/** GET /api/proposals/{id}: field by field, then and now (R593). */
export function useProposal(id: number) {
  return useQuery({
    queryKey: proposalKeys.one(id),
    queryFn: ({ signal }) => api<ProposalDetail>(apiPaths.proposal(id), { signal }),
    staleTime: 0,
  });
}

/** POST /api/proposals/{id}/decisions: answers the proposal as it now stands (R594). */
export function decideProposal(id: number, body: ProposalDecisions) {
  return api<ProposalDetail>(apiPaths.proposalDecisions(id), { method: 'POST', body });
}
