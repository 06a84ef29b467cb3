import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section>
      <h1>{t('errors.notFoundTitle')}</h1>
      <p>{t('errors.notFoundText')}</p>
      <p>
        <Link to="/">{t('errors.backHome')}</Link>
      </p>
    </section>
  );
}
