import i18n from 'i18next';

type LocaleModule = { default: Record<string, unknown> };

/**
 * Text that only lazily loaded screens use. index.ts leaves these files out of the first bundle;
 * this module is imported only by those screens, so the text travels in their chunk (no extra
 * request, no waiting). All three languages come together: a language switch there does not wait.
 */
const files = import.meta.glob<LocaleModule>(
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

/** The namespaces this module can add (for the test that every locale file is reachable). */
export function lazyNamespaceNames(): string[] {
  const names = Object.keys(files).map((file) => /\/([\w-]+)\.json$/.exec(file)?.[1] ?? '');
  return [...new Set(names)].sort();
}
/**
 * Namespaces only lazily loaded screens use: the staff's (`admin` and any `admin-<screen>` file) and
 * those of signing in and the account screen (`auth`, `account`, `photo`), which no public page shows, and
 * the problem-report form's and the site contact's page (`reports`), which arrive when opened, and the
 * words of validation errors (`validation`), which only those forms show.
 */
type LazyNamespace = 'admin' | `admin-${string}` | 'auth' | 'account' | 'photo' | 'reports' | 'validation';

/** Adds a namespace's text to i18next once; call it before rendering a screen that uses it. */
export function addNamespace(namespace: LazyNamespace) {
  // A module that calls this may be evaluated before i18next has started (a component test imports it
  // directly): the text is then added once it has.
  if (!i18n.isInitialized) {
    i18n.on('initialized', () => addNamespace(namespace));
    return;
  }
  for (const [file, module] of Object.entries(files)) {
    const [, language, name] = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    if (!language || name !== namespace || i18n.hasResourceBundle(language, namespace)) continue;
    i18n.addResourceBundle(language, namespace, module.default, true, true);
  }
}
