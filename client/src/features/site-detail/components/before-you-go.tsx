import { useTranslation } from 'react-i18next';
import { useBeforeYouGo } from '#client/lib/fact-lines.tsx';
import type { LocalizedText } from '#client/lib/localized.tsx';
import { Text } from '#client/lib/localized.tsx';
import type { Site } from '#shared/schemas/sites.ts';
import './before-you-go.css';

/**
 * A site page's "Before you go" (docs/product.md R522): what a person needs to decide before the trip —
 * reservation, cost, who may come, the first visit, languages, access, getting there — as terms and
 * definitions a screen reader announces as such, in the words every page uses (site-facts-text.ts).
 * Static facts, so it is in the server's HTML; nothing at all when no fact is known. Paper has its own
 * (BeforeYouGoPrint), so this one stays off it.
 */
export function BeforeYouGo({ site }: { site: Pick<Site, 'facts' | 'phoneNumber' | 'phoneExtension'> }) {
  const { t, i18n } = useTranslation('facts');
  const language = i18n.resolvedLanguage;
  const lines = useBeforeYouGo(site);
  if (lines.length === 0) return null;
  return (
    <section className="before-you-go no-print" aria-labelledby="before-you-go-title">
      <h2 id="before-you-go-title">{t('title')}</h2>
      <dl className="before-you-go__lines">
        {lines.map((line) => (
          <div key={line.key} className="before-you-go__line">
            <dt>{line.label}</dt>
            <dd>
              {line.text && <span className="before-you-go__part">{line.text}</span>}
              {line.more?.map((sentence) => (
                <span key={sentence} className="before-you-go__part">
                  {sentence}
                </span>
              ))}
              {line.link && (
                <span className="before-you-go__part">
                  <a className="before-you-go__link" href={line.link.href}>
                    {line.link.text}
                  </a>
                </span>
              )}
              {line.note && (
                <span className="before-you-go__part before-you-go__note">
                  <Text
                    value={{ text: line.note.text, lang: line.note.lang as LocalizedText['lang'] }}
                    language={language}
                  />
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
