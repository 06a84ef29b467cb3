import i18n, { type i18n as I18n } from 'i18next';

type LocaleModule = { default: Record<string, unknown> };

/**
 * The text of the information pages: `help` (/contact, /accessibility, /privacy; docs/product.md
 * R114–R116), `about` (/about) and `partners` (/partners). index.ts leaves it out of the first bundle,
 * which every visitor downloads though few read these pages: the pages load it before they render
 * (features/help), the browser before it hydrates one of them (main.tsx), and the server renderer has
 * it from the start. One small chunk for the three, in all three languages.
 */
const files = import.meta.glob<LocaleModule>(
  ['@locales/*/help.json', '@locales/*/about.json', '@locales/*/partners.json'],
  { eager: true },
);

/** The namespaces this module adds. */
export const PAGE_NAMESPACES = ['about', 'help', 'partners'] as const;
export type PageNamespace = (typeof PAGE_NAMESPACES)[number];

/** Each language's text of these pages: { en: { about: {...}, help: {...}, partners: {...} }, ... }. */
export function pageResources(): Record<string, Record<string, Record<string, unknown>>> {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, module] of Object.entries(files)) {
    const [, language, namespace] = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    if (language && namespace) resources[language] = { ...resources[language], [namespace]: module.default };
  }
  return resources;
}

/** Adds these namespaces in every language to an i18next instance (the browser's by default). */
export function addPageNamespaces(instance: I18n = i18n) {
  for (const [language, namespaces] of Object.entries(pageResources())) {
    for (const [namespace, words] of Object.entries(namespaces)) {
      if (!instance.hasResourceBundle(language, namespace)) {
        instance.addResourceBundle(language, namespace, words, true, true);
      }
    }
  }
}
