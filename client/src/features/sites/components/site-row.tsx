import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Site } from '../../../../../shared/schemas/sites.ts';
import { hasPosition, joinNames } from '../../../../../shared/site-display.ts';
import { PhoneLink } from '../../../components/ui/phone-link.tsx';

/** One site: name (to its page), address, phone, populations joined by ' | ' (SPEC.md §2). */
export function SiteRow({ site, isAdmin }: { site: Site; isAdmin: boolean }) {
  const { t } = useTranslation('sites');
  return (
    <li className="site-row">
      <h3 className="site-row__name">
        <Link to={`/sites/${site.id}`}>{site.name}</Link>
      </h3>
      <p className="site-row__address">{site.address}</p>
      {site.phoneNumber && (
        <p>
          <span className="site-row__label">{t('row.phone')}</span> <PhoneLink phone={site.phoneNumber} />
        </p>
      )}
      {site.Populations.length > 0 && (
        <p>
          <span className="site-row__label">{t('row.populations')}</span> {joinNames(site.Populations)}
        </p>
      )}
      {isAdmin && (
        <p className="site-row__admin">
          <Link to={`/sites/${site.id}/edit`} className="site-row__edit">
            {t('row.edit')}
            <span className="visually-hidden"> {site.name}</span>
          </Link>
          {!hasPosition(site) && <span className="site-row__badge">{t('row.noPosition')}</span>}
        </p>
      )}
    </li>
  );
}
