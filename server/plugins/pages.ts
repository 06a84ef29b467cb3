import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppData } from '#shared/app-data.ts';
import { LANGUAGE_COOKIE, type Language, pickLanguage } from '#shared/languages.ts';
import {
  collapseSlashes,
  type PageRoute,
  pagePath,
  pageRoute,
  type SitesRequest,
  sitesQuery,
} from '../services/page-data.ts';
import { pageText } from '../services/page-text.ts';
import type { ResponseCache } from '../services/response-cache.ts';
import { alternateLinks } from '../services/sitemap.ts';
import { headerSafe, splitUrl } from './request-path.ts';

/** dist/server/entry-server.js (client/src/entry-server.tsx). */
interface PageRenderer {
  render(input: { url: string; language: Language; data: AppData }): {
    html: string;
    title: string;
    /** The page's meta description in its language, as HTML text (escaped). */
    description?: string;
  };
}

interface PagesOptions {
  /** The built client (dist/client): its index.html is every page's template. */
  root: string;
  cache: ResponseCache;
  /**
   * What a page embeds and is rendered with; null when its record does not exist (404). `request`
   * is given for a /sites page with choices in its address (its place lookup, its minute).
   */
  pageData: (route: PageRoute, request?: SitesRequest) => Promise<AppData | null>;
  /** The server renderer; by default the built one next to the client bundle, when there is one. */
  renderer?: PageRenderer | null;
  /** The public address (BASE_URL): each page names its other language versions with it. */
  baseUrl: string;
  /**
   * The agency's date ('YYYY-MM-DD'). Part of every cached page's key: a page embeds the current
   * closures, which change at the agency's midnight without a write.
   */
  today?: () => string;
  /** The agency's phone (AGENCY_PHONE), named in the no-JavaScript message. */
  phone?: string;
}

/**
 * JSON text made safe inside <script type="application/json">: in JSON, '<', '>' and '&' can only
 * occur inside strings, where their \u escapes mean the same — so nothing can close the element.
 */
function scriptSafeJson(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

async function loadRenderer(clientRoot: string): Promise<PageRenderer | null> {
  const file = path.resolve(clientRoot, '../server/entry-server.js');
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

function routeKey(route: PageRoute) {
  return route.kind === 'site' ? `site:${route.id}` : route.kind;
}

/** Replaces one marker; a function replacement, so '$&' in a site's name stays text. */
function put(html: string, marker: string | RegExp, content: string) {
  return html.replace(marker, () => content);
}

const DESCRIPTION = /<meta name="description" content="[^"]*" \/>/;
/** index.html's `<noscript><!--noscript-->English text</noscript>`: the text is the server's to fill. */
const NOSCRIPT = /<noscript><!--noscript-->[^<]*<\/noscript>/;

/**
 * The template in a language: `<html lang>` (zh-Hant for Chinese), the no-JavaScript message and,
 * unless the page has its own, the meta description.
 */
function inLanguage(template: string, language: Language, description?: string, phone?: string) {
  const text = pageText(language, phone);
  let html = put(template, /<html lang="[^"]*">/, `<html lang="${text.lang}">`);
  html = put(html, NOSCRIPT, `<noscript>${text.noscript}</noscript>`);
  const content = (description ?? text.description).replace(/"/g, '&quot;');
  return put(html, DESCRIPTION, `<meta name="description" content="${content}" />`);
}

/**
 * Paths the browser app draws that are not public pages: sign-in and password screens, the account,
 * and the staff screens (`/admin/…`, every editor's `/…/new` and `/…/{id}/edit`). Any other path that
 * is not a public page is answered 404 with the not-found page (docs/product.md R118). A new screen
 * in client/src/app/router.tsx that is not a public page adds its path here.
 */
const APP_PATHS = [
  /^\/(login|logout|passwords|account)(\/|$)/,
  /^\/admin(\/|$)/,
  /^\/confirm\/[^/]+$/,
  /^\/[^/]+\/new$/,
  /^\/[^/]+\/\d{1,10}\/edit$/,
];

export function isAppPath(path: string): boolean {
  return APP_PATHS.some((pattern) => pattern.test(path));
}

/**
 * Which not-found page an unknown path gets: a site's ('/sites/abc', an id with no site), whose
 * "Back to the list" the site page itself shows, or the general one. Each is rendered at a fixed
 * address, so there is one cached copy per language however many unknown paths are asked for.
 */
function notFoundKind(path: string): 'site' | 'page' {
  return /^\/sites\/[^/]+$/.test(path) ? 'site' : 'page';
}
const NOT_FOUND_URL = { site: '/sites/0', page: '/not-found' } as const;

/**
 * The server renderer: `reply.sendPage(request)` answers every page path with index.html, runtime
 * settings and the first screen's data embedded (no-cache + ETag). The public pages (/, /sites,
 * /sites/{id}, /about, /partners) come rendered in the visitor's language (`request.language`), so
 * they show before any script has run (docs/decisions/011-server-rendering.md); a variant of their
 * address is redirected to the canonical one first (docs/decisions/017-request-paths.md).
 */
export default fp(async function pages(app: FastifyInstance, options: PagesOptions) {
  const indexFile = path.join(options.root, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  const renderer =
    options.renderer !== undefined ? options.renderer : template ? await loadRenderer(options.root) : null;

  const withData = (html: string, data: AppData) =>
    put(
      html,
      '<!--app-data-->',
      `<script id="app-data" type="application/json">${scriptSafeJson(JSON.stringify(data))}</script>`,
    );

  /**
   * The page without server rendering: the browser draws it from the embedded data. Its language,
   * description and no-JavaScript message are in the reader's language all the same.
   */
  async function shell(route: PageRoute, language: Language) {
    const kind = route.kind === 'home' || route.kind === 'sites' ? 'sites' : 'other';
    return options.cache.get(`page:shell:${kind}:${language}:${options.today?.() ?? ''}`, async () => {
      const data = await options.pageData(kind === 'sites' ? { kind } : { kind: 'other' });
      return withData(
        inLanguage(template!, language, undefined, options.phone),
        data ?? (await options.pageData({ kind: 'other' }))!,
      );
    });
  }

  async function rendered(route: Exclude<PageRoute, { kind: 'other' }>, language: Language) {
    return options.cache.get(`page:${routeKey(route)}:${language}:${options.today?.() ?? ''}`, async () => {
      const data = await options.pageData(route);
      if (!data) throw new PageNotFound();
      // Rendered for the canonical address, whatever address asked first: the cached page is the
      // same for every request that shares its key (a variant's path or query never gets into it).
      const page = renderer!.render({ url: pagePath(route), language, data });
      let html = inLanguage(template!, language, page.description, options.phone);
      const head = [`<title>${page.title}</title>`, alternateLinks(options.baseUrl, pagePath(route))];
      html = put(html, /<title>[^<]*<\/title>/, head.join(''));
      html = put(html, '<div id="root"></div>', `<div id="root">${page.html}</div>`);
      // The page is readable without its scripts now, so they need not go ahead of its images.
      html = html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
      return withData(html, data);
    });
  }

  /**
   * /sites with choices in its address (filters, the name search, the near box): rendered for this
   * request and not cached — the choices are unbounded — so the page works without scripts
   * (docs/product.md R136). Only the parameters the page knows reach the renderer.
   */
  async function renderedSites(params: URLSearchParams, language: Language, client: string) {
    const query = sitesQuery(params);
    const data = await options.pageData({ kind: 'sites' }, { params, language, client });
    const page = renderer!.render({ url: `/sites${query ? `?${query}` : ''}`, language, data: data! });
    let html = inLanguage(template!, language, page.description, options.phone);
    const head = [`<title>${page.title}</title>`, alternateLinks(options.baseUrl, '/sites')];
    html = put(html, /<title>[^<]*<\/title>/, head.join(''));
    html = put(html, '<div id="root"></div>', `<div id="root">${page.html}</div>`);
    html = html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
    return withData(html, data!);
  }

  /**
   * The not-found page, rendered in the reader's language and marked `notFound` in its data, so the
   * browser shows the same page at whatever address was asked (docs/product.md R118).
   */
  async function notFound(kind: 'site' | 'page', language: Language) {
    return options.cache.get(`page:not-found:${kind}:${language}`, async () => {
      const data = { ...(await options.pageData({ kind: 'other' }))!, notFound: true };
      const page = renderer!.render({ url: NOT_FOUND_URL[kind], language, data });
      let html = inLanguage(template!, language, undefined, options.phone);
      html = put(
        html,
        /<title>[^<]*<\/title>/,
        `<title>${page.title}</title><meta name="robots" content="noindex" />`,
      );
      html = put(html, '<div id="root"></div>', `<div id="root">${page.html}</div>`);
      return withData(html, data);
    });
  }

  app.decorateReply('sendPage', async function sendPage(this: FastifyReply, request: FastifyRequest) {
    if (!template) {
      return this.code(503)
        .type('text/plain; charset=utf-8')
        .send('The web client is not built yet. Run `npm run build`.');
    }
    const { path: rawPath, query } = splitUrl(request.url);
    const route = pageRoute(rawPath);
    // A variant of a public page's address ('/sites/12/', '//sites/12', '/sites/012') is sent to the
    // canonical one, query kept, so each page has one address (and one cache entry).
    if (route.kind !== 'other' && rawPath !== pagePath(route)) {
      return this.redirect(`${pagePath(route)}${query ? `?${headerSafe(query)}` : ''}`, 301);
    }
    const params = new URLSearchParams(query);
    const language = request.language;
    // A language picked by a link or the language buttons without JavaScript (`?lng=es`) is kept for
    // the next pages, as the browser app keeps it (docs/product.md R112).
    const picked = pickLanguage(params.get('lng'));
    if (picked) {
      this.header('Set-Cookie', `${LANGUAGE_COOKIE}=${picked}; Path=/; Max-Age=31536000; SameSite=Lax`);
    }
    const path = collapseSlashes(rawPath);
    const missing = route.kind === 'other' && !isAppPath(path);
    if (missing) this.code(404);
    if (missing && renderer) {
      try {
        return this.sendCached(
          request,
          await notFound(notFoundKind(path), language),
          HTML,
          'Accept-Language, Cookie',
        );
      } catch (error) {
        request.log.error({ err: error }, 'server rendering failed; sending the page unrendered');
      }
    }
    // Only the canonical address of a page is rendered (and cached): filters and other query strings
    // would make the cache unbounded, so those pages are drawn by the browser from the same data.
    const onlyLanguage = [...params.keys()].every((key) => key === 'lng');
    if (renderer && route.kind === 'sites' && !onlyLanguage) {
      try {
        const html = await renderedSites(params, language, request.ip);
        return this.header('Cache-Control', 'no-store')
          .header('Vary', 'Accept-Language, Cookie')
          .type(HTML)
          .send(html);
      } catch (error) {
        request.log.error({ err: error }, 'server rendering failed; sending the page unrendered');
      }
    }
    if (renderer && route.kind !== 'other' && onlyLanguage) {
      try {
        const entry = await rendered(route, language);
        return this.sendCached(request, entry, HTML, 'Accept-Language, Cookie');
      } catch (error) {
        if (error instanceof PageNotFound) {
          this.code(404);
          if (route.kind === 'site') {
            return this.sendCached(
              request,
              await notFound('site', language),
              HTML,
              'Accept-Language, Cookie',
            );
          }
        } else {
          request.log.error({ err: error }, 'server rendering failed; sending the page unrendered');
        }
      }
    }
    if (rawPath.startsWith('/confirm/') || rawPath.startsWith('/passwords/reset/')) {
      // A site contact's link and a reset link hold a secret: never indexed, never kept by a cache
      // (docs/product.md R201, R371).
      const page = (await shell(route, language)).raw.toString('utf8');
      const html = put(page, '<title>', '<meta name="robots" content="noindex" /><title>');
      return this.header('Cache-Control', 'no-store')
        .header('X-Robots-Tag', 'noindex')
        .header('Vary', 'Accept-Language, Cookie')
        .type(HTML)
        .send(html);
    }
    return this.sendCached(request, await shell(route, language), HTML, 'Accept-Language, Cookie');
  });
});

class PageNotFound extends Error {}

const HTML = 'text/html; charset=utf-8';

declare module 'fastify' {
  interface FastifyReply {
    sendPage(request: FastifyRequest): Promise<FastifyReply>;
  }
}
