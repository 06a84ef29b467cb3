import i18n, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, htmlLang, isLanguage, LANGUAGES } from '#shared/languages.ts';
import { detectLanguage, keepLanguage } from './detect-language.ts';

import { type LocaleModule, type Resources, resourcesOf } from './resources.ts';

export type { Resources };

/**
 * The public pages' words (docs/decisions/044-one-language-in-the-first-bundle.md): English, the
 * fallback, is in the first bundle; Spanish and Chinese each come in a chunk of their own
 * (words-es.ts, words-zh.ts), loaded before the app starts in that language or switches to it. The
 * staff text loads with the admin screens (lazy-namespaces.ts); the information pages' text, help.json,
 * about.json and partners.json, with those pages (page-namespaces.ts). The server renders from every
 * language at once (all-words.ts).
 */
const english = import.meta.glob<LocaleModule>(
  [
    '@locales/en/*.json',
    '!@locales/en/admin*.json',
    '!@locales/en/help.json',
    '!@locales/en/about.json',
    '!@locales/en/partners.json',
    '!@locales/en/auth.json',
    '!@locales/en/account.json',
    '!@locales/en/photo.json',
    '!@locales/en/reports.json',
    '!@locales/en/validation.json',
  ],
  { eager: true },
);

/** The words in the first bundle: English only. */
export function buildResources(): Resources {
  return resourcesOf(english);
}

const LOADERS: Record<string, () => Promise<{ default: Resources }>> = {
  es: () => import('./words-es.ts'),
  zh: () => import('./words-zh.ts'),
};

/**
 * Makes sure the public pages' words in `language` are in the instance (a no-op for English and for a
 * language already there): the one wait before the app starts or switches to Spanish or Chinese.
 */
export async function loadLanguage(language: string | undefined, instance: I18n = i18n): Promise<void> {
  const base = language?.toLowerCase().split('-')[0] ?? '';
  const load = LOADERS[base];
  if (!load || instance.hasResourceBundle(base, 'common')) return;
  const words = (await load()).default[base] ?? {};
  for (const [namespace, texts] of Object.entries(words)) {
    instance.addResourceBundle(base, namespace, texts, true, true);
  }
}

/** Switches the page's language in place once its words are there (the language buttons). */
export async function switchLanguage(language: string, instance: I18n = i18n): Promise<void> {
  await loadLanguage(language, instance);
  await instance.changeLanguage(language);
}

/** What every i18next instance here shares: the three languages, their text, fallback English. */
export function baseOptions(resources: Resources = buildResources()) {
  return {
    resources,
    partialBundledLanguages: true,
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
export async function initI18n() {
  i18n.on('languageChanged', (language) => {
    const lng = i18n.resolvedLanguage ?? language;
    // 'zh-Hant' on Chinese pages (the code stays 'zh' in addresses and storage), as the server writes it.
    document.documentElement.lang = isLanguage(lng) ? htmlLang(lng) : lng;
    // The language chosen, kept even while its words are still on their way.
    const chosen = language.toLowerCase().split('-')[0];
    if (isLanguage(chosen)) keepLanguage(chosen, document, storageOf('localStorage'));
  });
  await i18n.use(initReactI18next).init({
    ...baseOptions(),
    lng: detectLanguage({
      search: window.location.search,
      cookie: document.cookie,
      localStorage: storageOf('localStorage'),
      sessionStorage: storageOf('sessionStorage'),
      navigatorLanguages: navigator.languages ?? [navigator.language],
      htmlLang: document.documentElement.lang,
    }),
  });
  // The detected language's words, when they are not in the first bundle; then it is the language.
  if (!i18n.hasResourceBundle(i18n.language?.split('-')[0] ?? 'en', 'common')) {
    await switchLanguage(i18n.language);
  }
}

/** A storage the browser may refuse to give (blocked cookies): then none. */
function storageOf(name: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return window[name];
  } catch {
    return undefined;
  }
}

export { i18n };
