import { useTranslation } from 'react-i18next';
import { FOOTER_PHONE } from '#shared/constants.ts';
import { formatPhone, phoneHref } from '#shared/phone.ts';

/** General-information phone and the contact prompt (docs/product.md R6). */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p>
          {t('footer.phoneIntro')} <a href={phoneHref(FOOTER_PHONE)}>{formatPhone(FOOTER_PHONE)}</a>
        </p>
        <p>{t('footer.contactPrompt')}</p>
        <p>{t('footer.programme')}</p>
      </div>
    </footer>
  );
}
