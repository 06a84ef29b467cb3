import { useTranslation } from 'react-i18next';
import { FactTerms, useBeforeYouGo } from '#client/lib/fact-lines.tsx';
import type { Site } from '#shared/schemas/sites.ts';

/**
 * A printed site page's "Before you go" (docs/product.md R498): reservation, cost, who may come, the
 * first visit, languages, access and getting there, label beside value, in the words every other page
 * uses (site-facts-text.ts). Hidden on screen; nothing when no fact is known.
 */
export function BeforeYouGoPrint({ site }: { site: Pick<Site, 'facts' | 'phoneNumber' | 'phoneExtension'> }) {
  const { t, i18n } = useTranslation('facts');
  const lines = useBeforeYouGo(site);
  if (lines.length === 0) return null;
  return (
    <section className="print-only print-facts" aria-labelledby="print-facts-title">
      <h2 id="print-facts-title">{t('title')}</h2>
      <dl className="print-facts__lines">
        <FactTerms lines={lines} language={i18n.resolvedLanguage} />
      </dl>
    </section>
  );
}
