import { describe, expect, it } from 'vitest';
import {
  FALLBACK_LANGUAGE,
  firstLanguage,
  isLanguage,
  isPageInLanguage,
  LANGUAGE_LABELS,
  LANGUAGES,
  pickLanguage,
} from './languages.ts';

describe('pickLanguage', () => {
  it.each([
    // [Accept-Language header, expected]
    ['en', 'en'],
    ['es', 'es'],
    ['zh', 'zh'],
    ['es-MX', 'es'],
    ['ES-mx', 'es'],
    ['zh-TW,zh;q=0.9,en;q=0.8', 'zh'],
    ['fr, es ; q=0.9', 'es'],
    ['  zh-HK ;q=0.5 , en;q=0.4', 'zh'],
    ['zh-Hant-TW', 'zh'],
    ['fr-FR,fr;q=0.9,es;q=0.8,en;q=0.7', 'es'],
    ['fr, de;q=0.9, en;q=0.1', 'en'],
    ['en;q=0.5,es;q=0.8', 'es'],
    ['en;q=0.8,es;q=0.8', 'en'],
    ['es;q=0.8,en;q=0.8', 'es'],
    ['  es;q=0.9 ,  zh;q=1 ', 'zh'],
    ['*;q=0.5,zh;q=0.4', 'zh'],
    ['en;q=0,es;q=0.1', 'es'],
    ['en;q=abc,es;q=0.2', 'es'],
  ])('%j → %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });

  it.each([
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
    ['fr', undefined],
    ['fr-CA,de;q=0.9', undefined],
    ['*', undefined],
    ['en;q=0', undefined],
    ['english', undefined],
    [',,;', undefined],
  ])('%j → no supported language', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });
});

describe('languages', () => {
  it('are en, es and zh with en as the fallback', () => {
    expect(LANGUAGES).toEqual(['en', 'es', 'zh']);
    expect(FALLBACK_LANGUAGE).toBe('en');
  });

  it('label each button in its own language', () => {
    expect(LANGUAGE_LABELS).toEqual({ en: 'English', es: 'Español', zh: '中文' });
  });

  it.each([
    ['en', true],
    ['es', true],
    ['zh', true],
    ['EN', false],
    ['fr', false],
    ['', false],
    [null, false],
    [1, false],
  ])('isLanguage(%j) is %s', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });
});

describe('isPageInLanguage', () => {
  it.each([
    // [<html lang> of the server's page, the app's language, hydrate?]
    ['en', 'en', true],
    ['es', 'es', true],
    ['zh-Hant', 'zh', true],
    ['zh', 'zh', false],
    ['en', 'es', false],
    ['zh-Hant', 'en', false],
    [undefined, 'en', false],
    ['en', undefined, false],
    ['fr', 'fr', false],
  ] as const)('page %s, app %s → %s', (pageLang, language, expected) => {
    expect(isPageInLanguage(pageLang, language)).toBe(expected);
  });
});

describe('firstLanguage', () => {
  it('takes the first candidate that names one of ours, passing over blanks and other languages', () => {
    expect(firstLanguage([undefined, null, 'fr', 'es-MX', 'zh'])).toBe('es');
    expect(firstLanguage(['de', 'fr-CA;q=0.9, zh-TW;q=0.8'])).toBe('zh');
    expect(firstLanguage(['de', undefined])).toBeUndefined();
  });
});
