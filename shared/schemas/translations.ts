import { z } from 'zod';
import { compactTranslations, type Translations } from '../translations.ts';
import { coded } from '../validation.ts';

const nothingToUndefined = (value: unknown) => (value === null || value === '' ? undefined : value);

/**
 * The `translations` field of a body: an object by language, each an object with `field`. Texts are
 * trimmed and limited to `max` characters like the base text; a text that is missing, null or blank is
 * no translation and is dropped, and so is a language left with none. Languages and fields other than
 * these are ignored, as unknown body fields are. `null` is no translations at all (`{}`).
 */
export function TranslationsSchema<F extends string>(field: F, max: number): z.ZodType<Translations<F>> {
  const text = z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string(coded('not_text'))
      .max(max, coded('too_long', { max }))
      .nullish()
      .transform((value) => (value ? value : undefined)),
  );
  const language = z.preprocess(
    nothingToUndefined,
    z.object({ [field]: text } as Record<F, typeof text>, coded('invalid_translations')).optional(),
  );
  return z.preprocess(
    (value) => (value === null ? {} : value),
    z
      .object({ es: language, zh: language }, coded('invalid_translations'))
      .transform((given) => compactTranslations(given as Translations<F>)),
  ) as unknown as z.ZodType<Translations<F>>;
}

/** How translations are answered: always an object (`{}` when there are none). */
export function TranslationsAnswerSchema<F extends string>(field: F) {
  const texts = z.object({ [field]: z.string().optional() } as Record<F, z.ZodOptional<z.ZodString>>);
  return z.object({ es: texts.optional(), zh: texts.optional() });
}
