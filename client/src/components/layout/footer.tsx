import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAgency } from '#client/lib/agency.ts';
import { formatPhone, phoneHref } from '#shared/phone.ts';

/**
 * The agency, its general-information phone with the hours it is answered, the contact prompt, and
 * the help pages: contact, accessibility, privacy (docs/product.md R6, R110, R114).
 */
export function Footer() {
  const { t } = useTranslation();
  const agency = useAgency();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__agency">{agency.name}</p>
        <p className="site-footer__phone">
          {t('footer.phoneIntro')} <a href={phoneHref(agency.phone)}>{formatPhone(agency.phone)}</a>{' '}
          <span>{t('footer.phoneHours', { hours: agency.phoneHours })}</span>
        </p>
        <p>{t('footer.contactPrompt')}</p>
        <nav aria-label={t('footer.label')}>
          <ul className="site-footer__links">
            <li>
              <Link to="/contact">{t('footer.contact')}</Link>
            </li>
            <li>
              <Link to="/accessibility">{t('footer.accessibility')}</Link>
            </li>
            <li>
              <Link to="/privacy">{t('footer.privacy')}</Link>
            </li>
          </ul>
        </nav>
        <p>{t('footer.programme')}</p>
      </div>
    </footer>
  );
}
