import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, htmlLang, isLanguage, LANGUAGE_COOKIE, LANGUAGES } from '#shared/languages.ts';

type LocaleModule = { default: Record<string, unknown> };

/**
 * Every locales/<language>/<namespace>.json, bundled: a language switch never waits for the network.
 * The staff text is the exception: every admin*.json loads with the admin screens (lazy-namespaces.ts);
 * so is the information pages' text, help.json, about.json and partners.json (page-namespaces.ts).
 */
const files = import.meta.glob<LocaleModule>(
  [
    './locales/*/*.json',
    '!./locales/*/admin*.json',
    '!./locales/*/help.json',
    '!./locales/*/about.json',
    '!./locales/*/partners.json',
    '!./locales/*/auth.json',
    '!./locales/*/account.json',
    '!./locales/*/photo.json',
    '!./locales/*/reports.json',
    '!./locales/*/validation.json',
  ],
  { eager: true },
);

export function buildResources() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, module] of Object.entries(files)) {
    const [, language, namespace] = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    if (!language || !namespace) continue;
    resources[language] ??= {};
    resources[language][namespace] = module.default;
  }
  return resources;
}

/** Detection order of docs/product.md R31; the choice is cached in local storage. */
const DETECTION_ORDER = ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'];

/** What every i18next instance here shares: the three languages, their text, fallback English. */
export function baseOptions() {
  return {
    resources: buildResources(),
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly' as const,
    fallbackLng: FALLBACK_LANGUAGE,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  };
}

/**
 * The browser's instance. Besides local storage (docs/product.md R31) the choice is kept in the `i18next`
 * cookie, which the server reads to render the page in the visitor's language at once
 * (docs/decisions/011-server-rendering.md) and to word what it sends this visitor (e-mails, messages):
 * the API calls carry no language of their own.
 */
export function initI18n() {
  i18n.on('languageChanged', (language) => {
    const lng = i18n.resolvedLanguage ?? language;
    // 'zh-Hant' on Chinese pages (the code stays 'zh' in addresses and storage), as the server writes it.
    document.documentElement.lang = isLanguage(lng) ? htmlLang(lng) : lng;
  });
  return i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ...baseOptions(),
      detection: {
        order: DETECTION_ORDER,
        lookupQuerystring: 'lng',
        lookupCookie: LANGUAGE_COOKIE,
        lookupLocalStorage: 'i18nextLng',
        lookupSessionStorage: 'i18nextLng',
        caches: ['localStorage', 'cookie'],
        cookieMinutes: 60 * 24 * 365,
        cookieOptions: { path: '/', sameSite: 'lax' },
      },
    });
}

export { i18n };
