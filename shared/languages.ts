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
 * The first of `candidates` that names one of our languages ('es-MX' counts as 'es'; an
 * Accept-Language list is ranked), or undefined: the one rule the server (`preferredLanguage`) and the
 * browser (`detectLanguage`) follow over their own sources, in their own order.
 */
export function firstLanguage(candidates: Iterable<string | null | undefined>): Language | undefined {
  for (const candidate of candidates) {
    const language = pickLanguage(candidate);
    if (language) return language;
  }
  return undefined;
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

/**
 * The value of the first cookie called `name` in a Cookie header, %-decoded; undefined when there is
 * none or it cannot be decoded ('%', '%E0%A4%A'): a bad cookie is ignored, never an error. One pass
 * over the header with indexOf, no regular expression.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(';', start);
    if (end < 0) end = header.length;
    const eq = header.indexOf('=', start);
    if (eq >= 0 && eq < end && header.slice(start, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
    start = end + 1;
  }
  return undefined;
}
