import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CallUs } from '#client/components/ui/call-us.tsx';

/** Any address that is no page: the server answers it 404 with this page (docs/product.md R117, R118). */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section>
      <h1>{t('errors.notFoundTitle')}</h1>
      <p>{t('errors.notFoundText')}</p>
      <p>
        <Link to="/">{t('errors.backHome')}</Link>
      </p>
      <CallUs />
    </section>
  );
}
