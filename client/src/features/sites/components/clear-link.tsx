/** The Clear link beside an active filter or search box. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * "Clear" for one active filter: a link to the same address without it, so it works without scripts
 * too; named "Clear Population served" for screen readers and voice control.
 */
export function ClearLink({ to, label }: { to: URLSearchParams; label: string }) {
  const { t } = useTranslation('sites');
  const search = to.toString();
  return (
    <Link className="site-filters__clear" to={{ pathname: '/sites', search: search ? `?${search}` : '' }}>
      {t('filters.clear')}
      <span className="visually-hidden"> {label}</span>
    </Link>
  );
}
