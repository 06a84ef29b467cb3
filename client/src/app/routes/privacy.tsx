import { ContactWays } from '#client/features/help/components/contact-ways.tsx';
import { usePageWords } from '#client/features/help/use-page-words.ts';
import { useAgency } from '#client/lib/agency.ts';
import '#client/features/help/help.css';

/**
 * /privacy: what the directory stores about visitors and what it never does — no tracking, the
 * language cookie, the staff session cookie, the "near" box never stored or logged, reports only what
 * is typed (docs/product.md R116).
 */
export function PrivacyScreen() {
  const { t } = usePageWords('help');
  const agency = useAgency();
  return (
    <div className="help">
      <h1>{t('privacy.title')}</h1>
      <p className="lead">{t('privacy.intro', { agency: agency.name })}</p>
      <h2>{t('privacy.notHeading')}</h2>
      <ul>
        <li>{t('privacy.not1')}</li>
        <li>{t('privacy.not2')}</li>
        <li>{t('privacy.not3')}</li>
      </ul>
      <h2>{t('privacy.storedHeading')}</h2>
      <ul>
        <li>{t('privacy.stored1')}</li>
        <li>{t('privacy.stored2')}</li>
        <li>{t('privacy.stored3')}</li>
        <li>{t('privacy.stored4')}</li>
      </ul>
      <h2>{t('privacy.questionsHeading')}</h2>
      <p>{t('privacy.questions')}</p>
      <ContactWays agency={agency} phoneLabel={t('privacy.phone')} emailLabel={t('privacy.email')} />
    </div>
  );
}
