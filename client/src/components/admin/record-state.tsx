import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '#client/lib/api.ts';

/**
 * What an edit screen shows instead of its form while the record loads, when it does not exist
 * (404, also for a malformed id) and when it could not be loaded.
 */
export function RecordState({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation('admin');
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <section className="admin-form">
      <h1>{title}</h1>
      {!error && <p role="status">{t('common:loading')}</p>}
      {missing && (
        <div role="alert" className="alert alert--error">
          <p>{t('notFound')}</p>
          <p>
            <Link to="/sites">{t('backToSites')}</Link>
          </p>
        </div>
      )}
      {Boolean(error) && !missing && (
        <div role="alert" className="alert alert--error">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button" onClick={onRetry}>
            {t('common:errors.retry')}
          </button>
        </div>
      )}
    </section>
  );
}
