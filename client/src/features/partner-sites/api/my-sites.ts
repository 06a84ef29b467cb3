import { useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api.ts';
import { apiRoutes } from '#shared/api-paths.ts';
import type { MySite, ProposalSummary } from '#shared/schemas/proposals.ts';

/** GET /api/my-sites: the sites of the signed-in partner manager's nutrition partners (R596). */
export function useMySites() {
  return useQuery({
    queryKey: ['admin', 'my-sites'],
    queryFn: ({ signal }) => api<MySite[]>(apiRoutes.mySites, { signal }),
    staleTime: 0,
  });
}

/** GET /api/proposals/mine: their own proposals and what staff decided (R596). */
export function useMyProposals() {
  return useQuery({
    queryKey: ['admin', 'my-proposals'],
    queryFn: ({ signal }) => api<ProposalSummary[]>(apiRoutes.myProposals, { signal }),
    staleTime: 0,
  });
}
