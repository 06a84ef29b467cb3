import { Link } from 'react-router';
import { OrganisationsList } from '#client/features/about/components/organisations-list.tsx';
import { usePageWords } from '#client/features/help/use-page-words.ts';

/** /about: what the programme is and the three organisations behind it (docs/product.md R8). */
export function AboutScreen() {
  const { t } = usePageWords('about');
  return (
    <>
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <p>{t('who')}</p>
      <p>
        <Link to="/partners">{t('partnersLink')}</Link>
      </p>
      <h2>{t('orgsHeading')}</h2>
      <OrganisationsList />
    </>
  );
}
