import i18n from 'i18next';

type LocaleModule = { default: Record<string, unknown> };

/**
 * Text that only lazily loaded screens use. index.ts leaves these files out of the first bundle;
 * this module is imported only by those screens, so the text travels in their chunk (no extra
 * request, no waiting). All three languages come together: a language switch there does not wait.
 */
const files = import.meta.glob<LocaleModule>('./locales/*/admin.json', { eager: true });
type LazyNamespace = 'admin';

/** Adds a namespace's text to i18next once; call it before rendering a screen that uses it. */
export function addNamespace(namespace: LazyNamespace) {
  for (const [file, module] of Object.entries(files)) {
    const [, language, name] = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    if (!language || name !== namespace || i18n.hasResourceBundle(language, namespace)) continue;
    i18n.addResourceBundle(language, namespace, module.default, true, true);
  }
}
