import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES } from '../../../shared/languages.ts';
import { setApiLanguage } from '../lib/api.ts';
import { loadWithTimeout } from '../lib/lazy.ts';

type LocaleModule = { default: Record<string, unknown> };

/** Every locales/<language>/<namespace>.json, bundled: a language switch never waits for the network. */
const files = import.meta.glob<LocaleModule>(['./locales/*/*.json', '!./locales/*/admin.json'], {
  eager: true,
});

/**
 * Namespaces that only lazy screens use stay out of the first bundle (the admin text is as large as
 * the public text and no visitor needs it). All three languages of one arrive together, so a
 * language switch on those screens does not wait either.
 */
const lazyFiles = import.meta.glob<LocaleModule>('./locales/*/admin.json');
export type LazyNamespace = 'admin';
const lazyLoads = new Map<LazyNamespace, Promise<void>>();

/** Adds a lazy namespace to i18next once; the same promise every time, so React's use() can wait on it. */
export function loadNamespace(namespace: LazyNamespace): Promise<void> {
  let loading = lazyLoads.get(namespace);
  if (!loading) {
    const parts = Object.entries(lazyFiles).filter(([file]) => file.endsWith(`/${namespace}.json`));
    loading = loadWithTimeout(`locale-${namespace}`, () =>
      Promise.all(
        parts.map(async ([file, load]) => {
          const language = /\.\/locales\/(\w+)\//.exec(file)?.[1];
          if (language) i18n.addResourceBundle(language, namespace, (await load()).default, true, true);
        }),
      ),
    ).then(
      () => undefined,
      (error: unknown) => {
        lazyLoads.delete(namespace); // a later visit may try again
        throw error;
      },
    );
    lazyLoads.set(namespace, loading);
  }
  return loading;
}

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

/** Detection order of SPEC.md §1; the choice is cached in local storage. */
export const DETECTION_ORDER = [
  'querystring',
  'cookie',
  'localStorage',
  'sessionStorage',
  'navigator',
  'htmlTag',
];

export function initI18n() {
  i18n.on('languageChanged', (language) => {
    const lng = i18n.resolvedLanguage ?? language;
    document.documentElement.lang = lng;
    setApiLanguage(lng);
  });
  return i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: buildResources(),
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: FALLBACK_LANGUAGE,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      detection: {
        order: DETECTION_ORDER,
        lookupQuerystring: 'lng',
        lookupCookie: 'i18next',
        lookupLocalStorage: 'i18nextLng',
        lookupSessionStorage: 'i18nextLng',
        caches: ['localStorage'],
      },
    });
}

export { i18n };
