import { describe, expect, it } from 'vitest';
import { detectLanguage, keepLanguage, type LanguageSources } from './detect-language.ts';

const storage = (value: string | null) => ({ getItem: () => value });
const none: LanguageSources = { search: '', cookie: '', navigatorLanguages: [], htmlLang: '' };

describe('the language the browser starts in (docs/product.md R31)', () => {
  it('takes the sources in order: address, cookie, local storage, session storage, browser, page', () => {
    const all: LanguageSources = {
      search: '?lng=zh',
      cookie: 'other=1; i18next=es',
      localStorage: storage('en'),
      sessionStorage: storage('es'),
      navigatorLanguages: ['zh-TW'],
      htmlLang: 'es',
    };
    expect(detectLanguage(all)).toBe('zh');
    expect(detectLanguage({ ...all, search: '' })).toBe('es');
    expect(detectLanguage({ ...all, search: '', cookie: '' })).toBe('en');
    expect(detectLanguage({ ...all, search: '', cookie: '', localStorage: storage(null) })).toBe('es');
    expect(detectLanguage({ ...none, navigatorLanguages: ['fr-FR', 'es-MX', 'en'] })).toBe('es');
    expect(detectLanguage({ ...none, htmlLang: 'zh-Hant' })).toBe('zh');
  });

  it('passes over a language of no page here, a broken cookie and a storage that throws; English at last', () => {
    const refusing = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect(
      detectLanguage({
        search: '?lng=fr',
        cookie: 'i18next=%E0%A4%A',
        localStorage: refusing,
        sessionStorage: refusing,
        navigatorLanguages: ['de'],
        htmlLang: 'ES',
      }),
    ).toBe('es');
    expect(detectLanguage(none)).toBe('en');
  });

  it('keeps the choice in local storage and in a year-long cookie the server reads', () => {
    const kept = new Map<string, string>();
    const page = { cookie: '' };
    keepLanguage('zh', page, {
      setItem: (key: string, value: string) => kept.set(key, value),
    } as unknown as Storage);
    expect(kept.get('i18nextLng')).toBe('zh');
    expect(page.cookie).toBe('i18next=zh; path=/; max-age=31536000; SameSite=Lax');
  });
});
