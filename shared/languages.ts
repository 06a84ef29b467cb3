export const LANGUAGES = ['en', 'es', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
/** The cookie the browser keeps the chosen language in (i18next's default name), read by the server too. */
export const LANGUAGE_COOKIE = 'i18next';

/** Button labels, each in its own language (docs/product.md R30). */
export const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', es: 'Español', zh: '中文' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks the best supported language from an Accept-Language style list ('zh-TW,zh;q=0.9,en;q=0.8'). */
export function pickLanguage(header: string | undefined | null): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.base && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage);
}

/**
 * The language tag of markup (`<html lang>`, `lang` attributes, `hreflang`): Chinese is written in
 * Traditional characters, so it is `zh-Hant`. `zh` stays the code in URLs (`?lng=zh`), storage,
 * cookies and the API (docs/decisions/022-translated-data.md).
 */
export const HTML_LANGS: Record<Language, string> = { en: 'en', es: 'es', zh: 'zh-Hant' };

export function htmlLang(language: Language): string {
  return HTML_LANGS[language];
}

/**
 * Whether a page whose <html lang> is `pageLang` was written in `language`: the page carries the
 * `HTML_LANGS` form ('zh-Hant'), the app the short code ('zh'). The browser takes over the server's HTML
 * only when they agree, so every language — Chinese included — hydrates instead of redrawing the page.
 */
export function isPageInLanguage(pageLang: string | undefined, language: string | undefined): boolean {
  return pageLang !== undefined && isLanguage(language) && pageLang === HTML_LANGS[language];
}
