import { useTranslation } from 'react-i18next';
import { formatFullDate, useAgencyToday } from '#client/lib/agency-clock.ts';
import { appData } from '#client/lib/app-data.ts';
import { FOOTER_PHONE } from '#shared/constants.ts';
import { formatPhone } from '#shared/phone.ts';

/**
 * The general information phone: the deployment's own when its settings give one (`config.agency.phone`),
 * otherwise the program's number the footer shows.
 */
function generalPhone(): string {
  const config = appData().config as { agency?: { phone?: string | null } };
  return config.agency?.phone || FOOTER_PHONE;
}

/**
 * 'Printed on November 24, 2026 · General information: (417) 557-5000' — on every printed page
 * (docs/product.md R155). The date is the agency's (its clock, in the page's language), known only in
 * the browser, where printing happens.
 */
export function PrintedOn() {
  const { t, i18n } = useTranslation('print');
  const common = useTranslation('common');
  const today = useAgencyToday();
  const language = i18n.resolvedLanguage;
  // A full-width colon ends the Chinese intro: no space after it.
  const intro = common.t('footer.phoneIntro');
  return (
    <p className="print-footer">
      {today && <span>{t('printedOn', { date: formatFullDate(today, language) })}</span>}
      <span>
        {intro}
        {intro.endsWith('：') ? '' : ' '}
        <strong>{formatPhone(generalPhone())}</strong>
      </span>
    </p>
  );
}
