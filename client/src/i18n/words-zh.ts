import { type LocaleModule, type Resources, resourcesOf } from './resources.ts';

/**
 * The public pages' words in Chinese: a chunk of their own, loaded only for a page in that language
 * (`loadLanguage` in index.ts). The same files, minus the same lazy namespaces, as the English ones.
 */
const files = import.meta.glob<LocaleModule>(
  [
    '@locales/zh/*.json',
    '!@locales/zh/admin*.json',
    '!@locales/zh/help.json',
    '!@locales/zh/about.json',
    '!@locales/zh/partners.json',
    '!@locales/zh/auth.json',
    '!@locales/zh/account.json',
    '!@locales/zh/photo.json',
    '!@locales/zh/reports.json',
    '!@locales/zh/validation.json',
  ],
  { eager: true },
);

const words: Resources = resourcesOf(files);
export default words;
