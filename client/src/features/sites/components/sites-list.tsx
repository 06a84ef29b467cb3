import { useTranslation } from 'react-i18next';
import type { Site } from '../../../../../shared/schemas/sites.ts';
import { SiteRow } from './site-row.tsx';
import './sites.css';

/** The list of sites under its own heading; the skip link of the map lands here (#sites-list). */
export function SitesList({
  sites,
  isAdmin,
  filtered,
}: {
  sites: Site[];
  isAdmin: boolean;
  /** Whether filters are active, to say why the list is empty. */
  filtered: boolean;
}) {
  const { t } = useTranslation('sites');
  return (
    <section className="sites-list" aria-labelledby="sites-list-heading">
      <h2 id="sites-list-heading" tabIndex={-1}>
        {t('listHeading')}
      </h2>
      {sites.length === 0 ? (
        <p className="sites-list__empty">{filtered ? t('emptyFiltered') : t('emptyAll')}</p>
      ) : (
        <ul className="sites-list__items" aria-labelledby="sites-list-heading">
          {sites.map((site) => (
            <SiteRow key={site.id} site={site} isAdmin={isAdmin} />
          ))}
        </ul>
      )}
    </section>
  );
}
