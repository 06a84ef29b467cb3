import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { buildResources } from '../i18n/index.ts';

type LocaleModule = { default: Record<string, unknown> };

/** The admin screens' text, which the app loads with those screens (i18n/lazy-namespaces.ts). */
const adminFiles = import.meta.glob<LocaleModule>('../i18n/locales/*/admin.json', { eager: true });

/** A fresh i18next with the real locale files, every namespace, for component and message tests. */
export async function createTestI18n(lng = 'en') {
  const resources = buildResources();
  for (const [file, module] of Object.entries(adminFiles)) {
    const language = /locales\/(\w+)\/admin\.json$/.exec(file)?.[1];
    if (language) resources[language] = { ...resources[language], admin: module.default };
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
