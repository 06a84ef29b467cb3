import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { agencyTimeZone } from '#client/lib/agency-clock.ts';
import { formatInstant } from '#shared/format-hours.ts';
import type { ProposalSummary } from '#shared/schemas/proposals.ts';
import { useMyProposals, useMySites } from '../api/my-sites.ts';
import '#client/components/admin/admin.css';

/**
 * /my-sites: a partner manager's sites, each with a link to its form, and their proposals with what
 * staff decided of each change (docs/product.md R596).
 */
export function MySitesScreen() {
  const { t } = useTranslation('admin-proposals');
  const sites = useMySites();
  return (
    <section className="admin-form" aria-labelledby="my-sites-title">
      <h1 id="my-sites-title">{t('mine.title')}</h1>
      <p>{t('mine.intro')}</p>
      <p>
        <Link to="/my-sites/menus">{t('mine.menus')}</Link>
      </p>
      {sites.error ? (
        <div role="alert" className="alert alert--error">
          <p>{t('mine.loadFailed')}</p>
        </div>
      ) : !sites.data ? (
        <p>{t('common:loading')}</p>
      ) : sites.data.length === 0 ? (
        <p>{t('mine.noSites')}</p>
      ) : (
        <ul>
          {sites.data.map((site) => (
            <li key={site.id}>
              <Link to={`/my-sites/${site.id}`} aria-label={t('mine.editSite', { name: site.name })}>
                {site.name}
              </Link>{' '}
              ({site.address})
            </li>
          ))}
        </ul>
      )}
      <MyProposals />
    </section>
  );
}

function MyProposals() {
  const { t, i18n } = useTranslation('admin-proposals');
  const proposals = useMyProposals();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const outcome = (field: ProposalSummary['fields'][number]) =>
    `${t(`fields.${field.field}`)}: ${t(field.outcome ? `mine.${field.outcome}` : 'status.open')}`;
  return (
    <section aria-labelledby="my-proposals-title">
      <h2 id="my-proposals-title">{t('mine.proposals')}</h2>
      {!proposals.data ? null : proposals.data.length === 0 ? (
        <p>{t('mine.noProposals')}</p>
      ) : (
        <ul>
          {proposals.data.map((proposal) => (
            <li key={proposal.id}>
              {t('mine.proposal', {
                name: proposal.siteName,
                date: formatInstant(proposal.createdAt, language, agencyTimeZone()),
              })}{' '}
              {proposal.fields.map(outcome).join('; ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
