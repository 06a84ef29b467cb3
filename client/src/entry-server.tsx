/**
 * Server rendering of the public pages (docs/decisions/011-server-rendering.md). Built by Vite as the
 * `ssr` environment into dist/server/entry-server.js and called by the server with the same data it
 * embeds in the page, so the browser's first render matches this HTML and hydrates it.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createInstance, type i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { preloadKeys } from '#shared/app-data.ts';
import { escapeHtml } from '#shared/html.ts';
import { parseId } from '#shared/ids.ts';
import type { Language } from '#shared/languages.ts';
import { createQueryClient } from './app/app.tsx';
import { AppRoutes } from './app/router.tsx';
import { allResources } from './i18n/all-words.ts';
import { baseOptions } from './i18n/index.ts';
import { pageResources } from './i18n/page-namespaces.ts';
import { type AppData, appData, seedQueryClient, setAppData } from './lib/app-data.ts';
import { siteNameText } from './lib/localized.tsx';
import { pageTitle } from './lib/page-title.ts';

interface RenderInput {
  /** Path and query of the page, e.g. '/sites?lng=es'. */
  url: string;
  language: Language;
  data: AppData;
}

interface RenderedPage {
  /** The markup inside <div id="root">. */
  html: string;
  /** The tab title the browser would set: 'Locations – Community Meal Sites' (lib/page-title.ts). */
  title: string;
  /** The meta description, in the page's language: a site page names the site and its address. */
  description: string;
}

const instances = new Map<Language, I18n>();

function i18nFor(language: Language) {
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance();
    const options = baseOptions(allResources());
    // The information pages' text, which the browser loads only with those pages (i18n/page-namespaces.ts).
    for (const [lng, namespaces] of Object.entries(pageResources())) {
      options.resources[lng] = { ...options.resources[lng], ...namespaces };
    }
    void instance.init({ ...options, lng: language, initAsync: false });
    instances.set(language, instance);
  }
  return instance;
}

/** Text of the first h1, as HTML (already escaped). */
function firstHeading(html: string) {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match ? match[1]!.replace(/<[^>]*>/g, '').trim() : '';
}

/** The site a site page shows, from the data the page was rendered with. */
function siteOf(
  url: string,
  data: AppData,
  language: Language,
): { name: string; address: string } | undefined {
  const id = parseId(/^\/sites\/([^/?]+)\/?(?:\?|$)/.exec(url)?.[1]);
  if (id === undefined) return undefined;
  const key = JSON.stringify(preloadKeys.site(id));
  const site = data.queries?.find((query) => JSON.stringify(query.key) === key)?.data;
  return site && typeof site === 'object' && 'name' in site && 'address' in site
    ? {
        // With its name in the page's language, as its heading shows it.
        name: siteNameText(site as Parameters<typeof siteNameText>[0], language),
        address: String(site.address),
      }
    : undefined;
}

/** The pages with a meta description of their own, besides a site's page. */
const DESCRIPTIONS: Record<string, string> = {
  '/contact': 'help:contact.description',
  '/accessibility': 'help:accessibility.description',
  '/privacy': 'help:privacy.description',
};

export function render({ url, language, data }: RenderInput): RenderedPage {
  setAppData(data);
  const queryClient = createQueryClient();
  seedQueryClient(queryClient, appData());
  const i18n = i18nFor(language);
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
  queryClient.clear();
  const appName = escapeHtml(i18n.t('common:appName'));
  const heading = firstHeading(html);
  const site = siteOf(url, data, language);
  // i18next leaves interpolated values as they are (React escapes); this text goes into an attribute.
  const description = escapeHtml(
    site
      ? i18n.t('common:meta.site', { ...site, interpolation: { escapeValue: false } })
      : i18n.t(DESCRIPTIONS[url.split('?')[0]!] ?? 'common:meta.description'),
  );
  return { html, title: pageTitle(heading, appName), description };
}
