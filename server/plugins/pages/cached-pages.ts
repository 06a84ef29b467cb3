/**
 * The pages kept in the response cache, one copy per language and agency day: each public page
 * rendered at its canonical address (`rendered`), the page shell the browser draws from its data
 * (`shell`), and the two not-found pages (`notFound`). Used by the pages plugin (plugins/pages.ts).
 * The rendered pages and shells are compressed as hard as the format allows, once each (`'best'`).
 */

import { type PageRoute, pagePath } from '#server/services/page-data.ts';
import { alternateLinks } from '#server/services/sitemap.ts';
import type { Language } from '#shared/languages.ts';
import type { PagesOptions } from '../pages.ts';
import { inLanguage, type PageRenderer, put, withData } from './html.ts';
import { NOT_FOUND_URL } from './not-found.ts';

/** A public page's record does not exist: thrown by `rendered`, answered 404. */
export class PageNotFound extends Error {}

function routeKey(route: PageRoute) {
  return route.kind === 'site' ? `site:${route.id}` : route.kind;
}

export function cachedPages(
  options: PagesOptions,
  templates: Record<Language, string | undefined>,
  renderer: PageRenderer | null,
) {
  /**
   * The page without server rendering: the browser draws it from the embedded data. Its language,
   * description and no-JavaScript message are in the reader's language all the same.
   */
  async function shell(route: PageRoute, language: Language) {
    const kind = route.kind === 'home' || route.kind === 'sites' ? 'sites' : 'other';
    return options.cache.get(
      `page:shell:${kind}:${language}:${options.today?.() ?? ''}`,
      async () => {
        const data = await options.pageData(kind === 'sites' ? { kind } : { kind: 'other' });
        return withData(
          inLanguage(templates[language]!, language, undefined, options.phone),
          data ?? (await options.pageData({ kind: 'other' }))!,
        );
      },
      'best',
    );
  }

  async function rendered(route: Exclude<PageRoute, { kind: 'other' }>, language: Language) {
    return options.cache.get(
      `page:${routeKey(route)}:${language}:${options.today?.() ?? ''}`,
      async () => {
        const data = await options.pageData(route);
        if (!data) throw new PageNotFound();
        // The plain list is also the answer to any /sites address while renders are over their limits.
        if (route.kind === 'sites') data.renderedFor = '/sites';
        // Rendered for the canonical address, whatever address asked first: the cached page is the
        // same for every request that shares its key (a variant's path or query never gets into it).
        const page = renderer!.render({ url: pagePath(route), language, data });
        let html = inLanguage(templates[language]!, language, page.description, options.phone);
        const head = [`<title>${page.title}</title>`, alternateLinks(options.baseUrl, pagePath(route))];
        html = put(html, /<title>[^<]*<\/title>/, head.join(''));
        html = put(html, '<div id="root"></div>', `<div id="root">${page.html}</div>`);
        // The page is readable without its scripts now, so they need not go ahead of its images.
        html = html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
        return withData(html, data);
      },
      'best',
    );
  }

  /**
   * The not-found page, rendered in the reader's language and marked `notFound` in its data, so the
   * browser shows the same page at whatever address was asked (docs/product.md R118).
   */
  async function notFound(kind: 'site' | 'page', language: Language) {
    return options.cache.get(`page:not-found:${kind}:${language}`, async () => {
      const data = { ...(await options.pageData({ kind: 'other' }))!, notFound: true };
      const page = renderer!.render({ url: NOT_FOUND_URL[kind], language, data });
      let html = inLanguage(templates[language]!, language, undefined, options.phone);
      html = put(
        html,
        /<title>[^<]*<\/title>/,
        `<title>${page.title}</title><meta name="robots" content="noindex" />`,
      );
      html = put(html, '<div id="root"></div>', `<div id="root">${page.html}</div>`);
      return withData(html, data);
    });
  }

  return { shell, rendered, notFound };
}
