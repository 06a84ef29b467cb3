import { describe, expect, it } from 'vitest';
import { htmlLang, LANGUAGES } from './languages.ts';
import { TranslationsSchema } from './schemas/translations.ts';
import { localized, missingTranslations } from './translations.ts';
import { codeOfIssue } from './validation.ts';

const Names = TranslationsSchema('name', 10);

describe('TranslationsSchema', () => {
  it('keeps trimmed texts by language', () => {
    expect(Names.parse({ es: { name: '  Almuerzo ' }, zh: { name: '午餐' } })).toEqual({
      es: { name: 'Almuerzo' },
      zh: { name: '午餐' },
    });
  });

  it('drops blank, null and missing texts and languages left empty', () => {
    expect(Names.parse({ es: { name: '   ' }, zh: { name: '午餐' } })).toEqual({ zh: { name: '午餐' } });
    expect(Names.parse({ es: { name: null }, zh: {} })).toEqual({});
    expect(Names.parse({ es: null, zh: '' })).toEqual({});
    expect(Names.parse(null)).toEqual({});
    expect(Names.parse({})).toEqual({});
  });

  it('ignores languages and fields it does not know, as bodies ignore unknown fields', () => {
    expect(Names.parse({ fr: { name: 'Déjeuner' }, es: { name: 'Almuerzo', reason: 'x' } })).toEqual({
      es: { name: 'Almuerzo' },
    });
  });

  it('refuses a text longer than the base field allows, on the text', () => {
    const result = Names.safeParse({ es: { name: 'x'.repeat(11) } });
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.path).toEqual(['es', 'name']);
    expect(codeOfIssue((issue as { params?: unknown }).params)).toEqual({
      code: 'too_long',
      params: { max: 10 },
    });
  });

  it('measures the length after trimming', () => {
    expect(Names.parse({ es: { name: `  ${'x'.repeat(10)}  ` } })).toEqual({ es: { name: 'x'.repeat(10) } });
  });

  it.each([
    ['text', 'Almuerzo', [], 'invalid_translations'],
    ['a list', ['Almuerzo'], [], 'invalid_translations'],
    ['a language as text', { es: 'Almuerzo' }, ['es'], 'invalid_translations'],
    ['a number as the text', { es: { name: 3 } }, ['es', 'name'], 'not_text'],
  ])('refuses %s', (_, value, path, code) => {
    const result = Names.safeParse(value);
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.path).toEqual(path);
    expect(codeOfIssue((issue as { params?: unknown }).params).code).toBe(code);
  });
});

describe('localized', () => {
  const lunch = { name: 'Lunch', translations: { es: { name: 'Almuerzo' }, zh: { name: '午餐' } } };

  it('answers the translation in its language', () => {
    expect(localized(lunch, 'name', 'es')).toEqual({ text: 'Almuerzo', lang: 'es' });
    expect(localized(lunch, 'name', 'zh')).toEqual({ text: '午餐', lang: 'zh' });
  });

  it('reads a markup tag or a regional tag as its language', () => {
    expect(localized(lunch, 'name', 'zh-Hant')).toEqual({ text: '午餐', lang: 'zh' });
    expect(localized(lunch, 'name', 'es-US')).toEqual({ text: 'Almuerzo', lang: 'es' });
  });

  it('answers the English base text in English and in unknown languages', () => {
    expect(localized(lunch, 'name', 'en')).toEqual({ text: 'Lunch', lang: 'en' });
    expect(localized(lunch, 'name', 'fr')).toEqual({ text: 'Lunch', lang: 'en' });
  });

  it('falls back to English, saying so, when the language has no translation', () => {
    const partly = { name: 'Lunch', translations: { zh: { name: '午餐' } } };
    expect(localized(partly, 'name', 'es')).toEqual({ text: 'Lunch', lang: 'en' });
    expect(localized({ name: 'Lunch', translations: { es: { name: '  ' } } }, 'name', 'es')).toEqual({
      text: 'Lunch',
      lang: 'en',
    });
    expect(localized({ name: 'Lunch' }, 'name', 'zh')).toEqual({ text: 'Lunch', lang: 'en' });
    expect(localized({ name: 'Lunch', translations: null }, 'name', 'zh')).toEqual({
      text: 'Lunch',
      lang: 'en',
    });
  });

  it('reads the field it is asked for', () => {
    const closure = { reason: 'Thanksgiving', translations: { es: { reason: 'Día de Acción de Gracias' } } };
    expect(localized(closure, 'reason', 'es')).toEqual({ text: 'Día de Acción de Gracias', lang: 'es' });
  });
});

describe('missingTranslations', () => {
  it('lists the languages without a translation, in order', () => {
    expect(missingTranslations({ translations: {} }, 'name')).toEqual(['es', 'zh']);
    expect(missingTranslations({}, 'name')).toEqual(['es', 'zh']);
    expect(missingTranslations({ translations: { zh: { name: '午餐' } } }, 'name')).toEqual(['es']);
    expect(
      missingTranslations({ translations: { es: { name: ' ' }, zh: { name: '午餐' } } }, 'name'),
    ).toEqual(['es']);
    expect(
      missingTranslations({ translations: { es: { name: 'Almuerzo' }, zh: { name: '午餐' } } }, 'name'),
    ).toEqual([]);
  });
});

describe('htmlLang', () => {
  it('tags Chinese as Traditional Chinese and the others by their code', () => {
    expect(LANGUAGES.map(htmlLang)).toEqual(['en', 'es', 'zh-Hant']);
  });
});
