import { useTranslation } from 'react-i18next';
import './translations.css';
import { missingTranslations, type Translations } from '#shared/translations.ts';

/**
 * The `translations` of a body: the languages whose text is not blank, trimmed. A cleared box leaves
 * its language out, which removes that translation (the API stores what it is sent).
 */
export function translationsPayload<F extends string>(
  field: F,
  texts: { es: string; zh: string },
): Translations<F> {
  const result: Translations<F> = {};
  for (const language of ['es', 'zh'] as const) {
    const text = texts[language].trim();
    if (text !== '') result[language] = { [field]: text } as { [K in F]?: string };
  }
  return result;
}

type Translated<F extends string> = { translations?: Translations<F> | null } & Record<F, string>;

/** How many of `entities` lack their Spanish or Chinese name (or both). */
export function missingCount(entities: readonly Translated<'name'>[]): number {
  return entities.filter((entity) => missingTranslations(entity, 'name').length > 0).length;
}

/**
 * A staff marker beside a record whose text is not yet in every language: "Needs Spanish, Chinese".
 * Nothing when every translation is there.
 */
export function MissingTranslations<F extends string>({
  entity,
  field,
}: {
  entity: Translated<F>;
  field: F;
}) {
  const { t, i18n } = useTranslation('admin');
  const missing = missingTranslations(entity, field);
  if (missing.length === 0) return null;
  const languages = new Intl.ListFormat(i18n.resolvedLanguage ?? i18n.language, {
    type: 'conjunction',
  }).format(missing.map((language) => t(`translations.language.${language}`)));
  return <span className="untranslated">{t('translations.missing', { languages })}</span>;
}
