import {
  cookieValue,
  FALLBACK_LANGUAGE,
  firstLanguage,
  LANGUAGE_COOKIE,
  type Language,
} from '#shared/languages.ts';

/** Where the choice is kept in the browser, besides the cookie (docs/product.md R31). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** A year, in seconds: how long the language cookie lasts. */
const COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** Everything the browser offers as a language choice, in the order of docs/product.md R31. */
export interface LanguageSources {
  search: string;
  cookie: string;
  localStorage?: Pick<Storage, 'getItem'>;
  sessionStorage?: Pick<Storage, 'getItem'>;
  navigatorLanguages: readonly string[];
  htmlLang: string;
}

function stored(storage: Pick<Storage, 'getItem'> | undefined): string | undefined {
  try {
    return storage?.getItem(LANGUAGE_STORAGE_KEY) ?? undefined;
  } catch {
    // Storage a browser refuses (private modes, blocked cookies) is no choice.
    return undefined;
  }
}

/**
 * The language to start in: the first source, in order, that names one of ours ('es-MX' counts as
 * 'es'); a source naming another language is passed over, and with none, English. Written here rather
 * than with a detector library: it is these few lines, and the first bundle is what an old phone waits
 * for (docs/decisions/049-language-detection.md).
 */
export function detectLanguage(sources: LanguageSources): Language {
  return (
    firstLanguage([
      new URLSearchParams(sources.search).get('lng'),
      cookieValue(sources.cookie, LANGUAGE_COOKIE),
      stored(sources.localStorage),
      stored(sources.sessionStorage),
      ...sources.navigatorLanguages,
      sources.htmlLang,
    ]) ?? FALLBACK_LANGUAGE
  );
}

/** Keeps the choice for the next page: local storage and the cookie the server reads (R31, R32). */
export function keepLanguage(language: Language, document: Pick<Document, 'cookie'>, storage?: Storage) {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Kept in the cookie alone.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${COOKIE_MAX_AGE}; SameSite=Lax`;
}
