import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgency } from '#client/lib/agency.ts';
import type { FactLine } from '#client/lib/fact-phrases.ts';
import { type LocalizedText, pageLanguage, Text } from '#client/lib/localized.tsx';
import { beforeYouGoLines, factsSummary } from '#client/lib/site-facts-text.ts';
import type { Site } from '#shared/schemas/sites.ts';

type FactsSite = Pick<Site, 'facts' | 'phoneNumber' | 'phoneExtension'>;

/** A site's "Before you go" lines in the page's language (site-facts-text.ts writes them). */
export function useBeforeYouGo(site: FactsSite): FactLine[] {
  const { t, i18n } = useTranslation('facts');
  // The program's contribution words (AGENCY_CONTRIBUTION_TEXT…) when the deployment wrote them.
  const { contribution } = useAgency();
  return beforeYouGoLines(site.facts, t, {
    language: pageLanguage(i18n.resolvedLanguage),
    phoneNumber: site.phoneNumber,
    phoneExtension: site.phoneExtension,
    contribution,
  });
}

/** The one-line summary of a site's deciding facts ('Reservation needed · Free · Step-free entrance'). */
export function useFactsSummary(): (site: FactsSite) => string | undefined {
  const { t, i18n } = useTranslation('facts');
  const language = pageLanguage(i18n.resolvedLanguage);
  return (site) => factsSummary(site.facts, t, language);
}

/**
 * One fact's words for a page or paper: its sentence, the further sentences, the reservation page's
 * address (written out: paper cannot be clicked) and staff's note, marked with its language when it is
 * not the page's — apart by ' · ', as the facts' own lists are.
 */
export function FactValue({ line, language }: { line: FactLine; language: string | undefined }) {
  const parts: Array<string | LocalizedText> = [
    ...(line.text ? [line.text] : []),
    ...(line.more ?? []),
    ...(line.link ? [`${line.link.text}: ${line.link.href}`] : []),
    ...(line.note ? [{ text: line.note.text, lang: line.note.lang as LocalizedText['lang'] }] : []),
  ];
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts are fixed for this render.
        <Fragment key={index}>
          {index > 0 && ' · '}
          {typeof part === 'string' ? part : <Text value={part} language={language} />}
        </Fragment>
      ))}
    </>
  );
}

/** The "Before you go" lines as terms and definitions, for a definition list. */
export function FactTerms({ lines, language }: { lines: readonly FactLine[]; language: string | undefined }) {
  return (
    <>
      {lines.map((line) => (
        <Fragment key={line.key}>
          <dt>{line.label}</dt>
          <dd>
            <FactValue line={line} language={language} />
          </dd>
        </Fragment>
      ))}
    </>
  );
}
