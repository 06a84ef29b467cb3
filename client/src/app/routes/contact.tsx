import { usePageWords } from '#client/features/help/use-page-words.ts';
import { ReportFormLoader } from '#client/features/reports/components/report-problem.tsx';
import { useAgency } from '#client/lib/agency.ts';
import { formatPhone, phoneHref } from '#shared/phone.ts';
import '#client/features/help/help.css';

/**
 * /contact: the agency's phone, the hours it is answered, and its e-mail (AGENCY_*, docs/product.md
 * R110, R114), and the problem-report form without a site (R192).
 */
export function ContactScreen() {
  const { t } = usePageWords('help');
  const agency = useAgency();
  return (
    <div className="help">
      <h1>{t('contact.title')}</h1>
      <p className="lead">{t('contact.intro')}</p>
      <section aria-labelledby="contact-phone">
        <h2 id="contact-phone">{t('contact.phoneHeading')}</h2>
        <p>
          <a className="button help__call" href={phoneHref(agency.phone)}>
            {t('contact.call', { phone: formatPhone(agency.phone) })}
          </a>
        </p>
        <p>{t('contact.phoneHours', { hours: agency.phoneHours })}</p>
        <p>{t('contact.afterHours')}</p>
      </section>
      <section aria-labelledby="contact-email">
        <h2 id="contact-email">{t('contact.emailHeading')}</h2>
        <p>
          {t('contact.emailText')} <a href={`mailto:${agency.email}`}>{agency.email}</a>
        </p>
        <p>{t('contact.emailReply')}</p>
      </section>
      <section aria-labelledby="contact-report" id="report">
        <h2 id="contact-report">{t('contact.reportHeading')}</h2>
        <p>{t('contact.reportText')}</p>
        <ReportFormLoader labelledBy="contact-report" />
      </section>
    </div>
  );
}
