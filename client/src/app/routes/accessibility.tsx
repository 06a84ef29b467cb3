import { ContactWays } from '#client/features/help/components/contact-ways.tsx';
import { usePageWords } from '#client/features/help/use-page-words.ts';
import { useAgency } from '#client/lib/agency.ts';
import '#client/features/help/help.css';

/**
 * /accessibility: the accessibility statement — the WCAG 2.2 AA target, what is tested, the known
 * limits and how to report a barrier (docs/product.md R115).
 */
export function AccessibilityScreen() {
  const { t } = usePageWords('help');
  const agency = useAgency();
  return (
    <div className="help">
      <h1>{t('accessibility.title')}</h1>
      <p className="lead">{t('accessibility.intro', { agency: agency.name })}</p>
      <h2>{t('accessibility.targetHeading')}</h2>
      <p>{t('accessibility.target')}</p>
      <h2>{t('accessibility.testedHeading')}</h2>
      <ul>
        <li>{t('accessibility.tested1')}</li>
        <li>{t('accessibility.tested2')}</li>
        <li>{t('accessibility.tested3')}</li>
        <li>{t('accessibility.tested4')}</li>
      </ul>
      <h2>{t('accessibility.limitsHeading')}</h2>
      <ul>
        <li>{t('accessibility.limits1')}</li>
        <li>{t('accessibility.limits2')}</li>
        <li>{t('accessibility.limits3')}</li>
      </ul>
      <h2>{t('accessibility.reportHeading')}</h2>
      <p>{t('accessibility.report')}</p>
      <ContactWays
        agency={agency}
        phoneLabel={t('accessibility.phone')}
        emailLabel={t('accessibility.email')}
      />
      <p>{t('accessibility.reviewed')}</p>
    </div>
  );
}
