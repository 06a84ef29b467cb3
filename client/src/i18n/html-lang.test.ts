import { afterAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from './index.ts';

describe('the page’s <html lang>', () => {
  afterAll(() => localStorage.clear());

  it('follows the language, with zh-Hant for Chinese (the code stays zh)', async () => {
    await initI18n();
    await i18n.changeLanguage('zh');
    expect(document.documentElement.lang).toBe('zh-Hant');
    expect(i18n.resolvedLanguage).toBe('zh');
    await i18n.changeLanguage('es');
    expect(document.documentElement.lang).toBe('es');
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
