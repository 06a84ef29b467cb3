import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { allResources } from '../i18n/all-words.ts';
import { pageResources } from '../i18n/page-namespaces.ts';

type LocaleModule = { default: Record<string, unknown> };

/** The text the app loads with its lazy screens (i18n/lazy-namespaces.ts): staff, sign-in, account. */
const lazyFiles = import.meta.glob<LocaleModule>(
  [
    '@locales/*/admin*.json',
    '@locales/*/auth.json',
    '@locales/*/account.json',
    '@locales/*/photo.json',
    '@locales/*/reports.json',
    '@locales/*/validation.json',
  ],
  { eager: true },
);

/** A fresh i18next with the real locale files, every namespace, for component and message tests. */
export async function createTestI18n(lng = 'en') {
  const resources = allResources();
  for (const [file, module] of Object.entries(lazyFiles)) {
    const [, language, namespace] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    if (language && namespace) resources[language] = { ...resources[language], [namespace]: module.default };
  }
  for (const [language, namespaces] of Object.entries(pageResources())) {
    resources[language] = { ...resources[language], ...namespaces };
  }
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return instance;
}
