import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import type { ProposalSummary } from '#shared/schemas/proposals.ts';

/** The workspace's "Proposed changes" section: how many wait, and the way to them (docs/product.md R597). */
export function ProposalsSection() {
  const { t } = useTranslation('admin-proposals');
  const proposals = useQuery({
    queryKey: ['admin', 'proposals'],
    queryFn: ({ signal }) => api<ProposalSummary[]>(apiPaths.proposals, { signal }),
    staleTime: 0,
  });
  const count = proposals.data?.length;
  return (
    <section className="workspace-section" aria-labelledby="workspace-proposals">
      <h2 id="workspace-proposals">{t('workspace.heading')}</h2>
      {count !== undefined && <p>{count ? t('workspace.waiting', { count }) : t('workspace.none')}</p>}
      <p>
        <Link to="/admin/proposals">{t('workspace.link')}</Link>
      </p>
    </section>
  );
}
