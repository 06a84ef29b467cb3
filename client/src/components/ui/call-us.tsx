import { useTranslation } from 'react-i18next';
import { useAgency } from '#client/lib/agency.ts';
import { formatPhone, phoneHref } from '#shared/phone.ts';

const MARK = '\u0001';

/**
 * "You can also call us at (417) 557-5000 (Monday to Friday…)": the other way when a page or a list
 * did not load (docs/product.md R117). The number is a tel: link.
 */
export function CallUs() {
  const { t } = useTranslation('common');
  const agency = useAgency();
  const [before, after] = t('errors.callInstead', { phone: MARK, hours: agency.phoneHours }).split(MARK);
  return (
    <p className="call-us">
      {before}
      <a href={phoneHref(agency.phone)} className="call-us__phone">
        {formatPhone(agency.phone)}
      </a>
      {after}
    </p>
  );
}
