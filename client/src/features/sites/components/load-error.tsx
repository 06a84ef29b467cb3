import { useTranslation } from 'react-i18next';
import { CallUs } from '#client/components/ui/call-us.tsx';

/**
 * A list that did not load says so in plain words and offers a retry; the technical detail
 * ('This is an HTTP error: The status is 500') is a secondary line (docs/product.md R10). The
 * agency's phone is offered as the other way (R117).
 */
export function LoadError({
  title,
  error,
  retrying,
  onRetry,
}: {
  /** An h2 for the failure; leave out when the page's h1 already says it. */
  title?: string;
  error: Error | null;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('sites');
  return (
    <div role="alert" className="alert alert--error">
      {title && <h2 className="load-error__title">{title}</h2>}
      <p>{t('loadError.text')}</p>
      {error && <p className="error-details">{t('loadError.details', { detail: error.message })}</p>}
      <button type="button" className="button" onClick={onRetry} disabled={retrying}>
        {retrying ? t('loadError.retrying') : t('loadError.retry')}
      </button>
      <CallUs />
    </div>
  );
}
