import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { buildResources } from '../i18n/index.ts';

/** A fresh i18next with the real locale files, for component and message tests. */
export async function createTestI18n(lng = 'en') {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: buildResources(),
    lng,
    fallbackLng: 'en',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return instance;
}
