import { use } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageNamespace } from '#client/i18n/page-namespaces.ts';

let loading: Promise<void> | undefined;

/**
 * The t() of an information page's namespace (`help`, `about`, `partners`). Their text is not in the
 * first bundle (i18n/page-namespaces.ts): on a move to such a page in the browser the screen waits
 * (Suspense, "Loading…") for that small chunk. The server renderer and a page loaded at one of these
 * addresses have it already.
 */
export function usePageWords(namespace: PageNamespace) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle(i18n.resolvedLanguage ?? 'en', namespace)) {
    loading ??= import('#client/i18n/page-namespaces.ts').then((module) => module.addPageNamespaces());
    use(loading);
  }
  return useTranslation(namespace);
}
