import { afterAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, switchLanguage } from './index.ts';

describe('the page’s <html lang>', () => {
  afterAll(() => localStorage.clear());

  it('follows the language, with zh-Hant for Chinese (the code stays zh)', async () => {
    await initI18n();
    await switchLanguage('zh');
    expect(document.documentElement.lang).toBe('zh-Hant');
    expect(i18n.resolvedLanguage).toBe('zh');
    await switchLanguage('es');
    expect(document.documentElement.lang).toBe('es');
    await switchLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
