import { type LocaleModule, type Resources, resourcesOf } from './resources.ts';

/**
 * The public pages' words in Spanish: a chunk of their own, loaded only for a page in that language
 * (`loadLanguage` in index.ts). The same files, minus the same lazy namespaces, as the English ones.
 */
const files = import.meta.glob<LocaleModule>(
  [
    '@locales/es/*.json',
    '!@locales/es/admin*.json',
    '!@locales/es/help.json',
    '!@locales/es/about.json',
    '!@locales/es/partners.json',
    '!@locales/es/auth.json',
    '!@locales/es/account.json',
    '!@locales/es/photo.json',
    '!@locales/es/reports.json',
    '!@locales/es/validation.json',
  ],
  { eager: true },
);

const words: Resources = resourcesOf(files);
export default words;
