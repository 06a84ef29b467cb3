import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOpenProposals } from '../api/proposals.ts';
import { proposerName, when } from '../model/words.ts';
import '#client/components/admin/admin.css';
import './proposals.css';

/**
 * /admin/proposals: the proposed changes waiting for staff, newest first, each with a link to its
 * review (docs/product.md R597).
 */
export function ProposalsScreen() {
  const { t, i18n } = useTranslation('admin-proposals');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const proposals = useOpenProposals();
  return (
    <section className="admin-form" aria-labelledby="proposals-title">
      <h1 id="proposals-title">{t('title')}</h1>
      <p>{t('intro')}</p>
      <p>
        <Link to="/admin">{t('back')}</Link>
      </p>
      {proposals.error ? (
        <div role="alert" className="alert alert--error">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void proposals.refetch()}>
            {t('common:errors.retry')}
          </button>
        </div>
      ) : !proposals.data ? (
        <p>{t('common:loading')}</p>
      ) : proposals.data.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <table className="proposals-table">
          <caption>{t('listLabel')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('site')}</th>
              <th scope="col">{t('proposedBy')}</th>
              <th scope="col">{t('proposedAt')}</th>
              <th scope="col">{t('changes')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('review')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {proposals.data.map((proposal) => (
              <tr key={proposal.id}>
                <th scope="row">{proposal.siteName}</th>
                <td>{proposerName(proposal, t)}</td>
                <td>{when(proposal.createdAt, language)}</td>
                <td>{proposal.fields.map((f) => t(`fields.${f.field}`)).join(', ')}</td>
                <td>
                  <Link
                    to={`/admin/proposals/${proposal.id}`}
                    aria-label={t('reviewSite', { name: proposal.siteName })}
                  >
                    {t('review')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
