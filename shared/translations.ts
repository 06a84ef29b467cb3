/**
 * Translations of a record's words (docs/decisions/022-translated-data.md): the base text (`name`,
 * `reason`) is English and required; Spanish and Chinese are optional, kept on the record itself as
 * `{ es?: { name?: string }, zh?: { name?: string } }`. `zh` is the language's code here as everywhere
 * in storage, URLs and the API; only markup says `zh-Hant` (htmlLang in languages.ts). No zod here:
 * the public pages use these helpers, and the schemas (schemas/translations.ts) stay out of their bundle.
 */
export type TranslatedField = 'name' | 'reason';
export const TRANSLATION_LANGUAGES = ['es', 'zh'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];
export type Translations<F extends string> = {
  [L in TranslationLanguage]?: { [K in F]?: string };
};

/** The translations with blank texts and empty languages left out, languages in a fixed order. */
export function compactTranslations<F extends string>(translations: Translations<F> | null | undefined) {
  const result: Translations<F> = {};
  for (const language of TRANSLATION_LANGUAGES) {
    const texts = translations?.[language];
    if (!texts) continue;
    const kept = Object.fromEntries(
      Object.entries(texts).filter(([, text]) => typeof text === 'string' && text.trim() !== ''),
    ) as { [K in F]?: string };
    if (Object.keys(kept).length > 0) result[language] = kept;
  }
  return result;
}

/** The language part of a code or tag, lower case: 'zh-Hant' → 'zh', 'es-US' → 'es'. */
function baseLanguage(language: string): string {
  return (language.split('-')[0] ?? '').toLowerCase();
}

function isTranslationLanguage(language: string): language is TranslationLanguage {
  return (TRANSLATION_LANGUAGES as readonly string[]).includes(language);
}

type Translated<F extends string> = { translations?: Translations<F> | null } & Record<F, string>;

/**
 * The text to show in `language` ('es', 'zh', 'zh-Hant', 'en'…): its translation when there is one,
 * otherwise the base (English) text, with the language it is in, so a page can mark a fallback
 * `lang="en"`.
 */
export function localized<F extends string>(
  entity: Translated<F>,
  field: F,
  language: string,
): { text: string; lang: 'en' | TranslationLanguage } {
  const base = baseLanguage(language);
  if (isTranslationLanguage(base)) {
    const text = entity.translations?.[base]?.[field];
    if (typeof text === 'string' && text.trim() !== '') return { text, lang: base };
  }
  return { text: entity[field], lang: 'en' };
}

/** The languages `field` has no translation in, in a fixed order (staff see what is left to do). */
export function missingTranslations<F extends string>(
  entity: { translations?: Translations<F> | null },
  field: F,
): TranslationLanguage[] {
  return TRANSLATION_LANGUAGES.filter((language) => {
    const text = entity.translations?.[language]?.[field];
    return typeof text !== 'string' || text.trim() === '';
  });
}
