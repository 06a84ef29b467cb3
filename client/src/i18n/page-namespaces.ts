import i18n, { type i18n as I18n } from 'i18next';

type LocaleModule = { default: Record<string, unknown> };

/**
 * The help pages' text (/contact, /accessibility, /privacy; docs/product.md R114–R116). index.ts
 * leaves it out of the first bundle: the help pages load it before they render (features/help), the
 * browser before it hydrates a help page (main.tsx), and the server renderer has it from the start.
 */
const files = import.meta.glob<LocaleModule>('./locales/*/help.json', { eager: true });

/** help.json of each language: { en: {...}, es: {...}, zh: {...} }. */
export function helpResources(): Record<string, Record<string, unknown>> {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const [file, module] of Object.entries(files)) {
    const language = /\.\/locales\/(\w+)\/help\.json$/.exec(file)?.[1];
    if (language) resources[language] = module.default;
  }
  return resources;
}

/** Adds the `help` namespace in every language to an i18next instance (the browser's by default). */
export function addHelpNamespace(instance: I18n = i18n) {
  for (const [language, words] of Object.entries(helpResources())) {
    if (!instance.hasResourceBundle(language, 'help')) {
      instance.addResourceBundle(language, 'help', words, true, true);
    }
  }
}
