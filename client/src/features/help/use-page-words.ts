import { use } from 'react';
import { useTranslation } from 'react-i18next';

let loading: Promise<void> | undefined;

/**
 * The `help` namespace's t(). Its text is not in the first bundle (i18n/help-namespace.ts): on a
 * move to a help page in the browser the screen waits (Suspense, "Loading…") for that small chunk.
 * The server renderer and a page loaded at a help address have it already.
 */
export function useHelpWords() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle(i18n.resolvedLanguage ?? 'en', 'help')) {
    loading ??= import('#client/i18n/help-namespace.ts').then((module) => module.addHelpNamespace());
    use(loading);
  }
  return useTranslation('help');
}
