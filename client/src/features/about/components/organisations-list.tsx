import { useTranslation } from 'react-i18next';
import { ORGANISATIONS } from '../organisations.ts';
import './about.css';

/** Each partner organisation: logo, name (a link to its site) and what it does. */
export function OrganisationsList() {
  const { t } = useTranslation('about');
  return (
    <ul className="organisations">
      {ORGANISATIONS.map((organisation) => {
        const name = t(`orgs.${organisation.key}.name`);
        return (
          <li key={organisation.key} className="organisations__item">
            <img
              className="organisations__logo"
              src={organisation.logo}
              alt={t('logoAlt', { name })}
              width="96"
              height="96"
            />
            <div>
              <h3 className="organisations__name">{name}</h3>
              <p>{t(`orgs.${organisation.key}.description`)}</p>
              <p>
                <a href={organisation.url}>{t('visit', { name })}</a>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
