/**
 * The pages plugin (registered in server/app.ts): its options and `reply.sendPage`, which picks the
 * answer for a page path. The answers are made in pages/: the template (html.ts), the cached pages
 * (cached-pages.ts), the /sites pages with choices and their bounds (sites-renders.ts), and which
 * paths are not found (not-found.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppData } from '#shared/app-data.ts';
import { LANGUAGE_COOKIE, type Language, pickLanguage } from '#shared/languages.ts';
import { isDatabaseUnavailable } from '../services/database-errors.ts';
import {
  collapseSlashes,
  type PageRoute,
  pagePath,
  pageRoute,
  type SitesChoices,
  type SitesRequest,
} from '../services/page-data.ts';
import type { ResponseCache } from '../services/response-cache.ts';
import { cachedPages, PageNotFound } from './pages/cached-pages.ts';
import { HTML, languageTemplates, loadRenderer, type PageRenderer, put } from './pages/html.ts';
import { isAppPath, notFoundKind } from './pages/not-found.ts';
import { type PageRenders, type RenderLimits, sitesRenders } from './pages/sites-renders.ts';
import { redirectQuery, splitUrl } from './request-path.ts';

export interface PagesOptions {
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
  /** A /sites address's choices, normalised (the near text looked up once); by default, as they are. */
  sitesChoices?: (params: URLSearchParams, language: Language, client: string) => Promise<SitesChoices>;
  /** The current time in ms (the minute a /sites page with choices is rendered at). */
  now?: () => number;
  /** Bounds on the /sites pages with choices rendered afresh (docs/decisions/031). */
  renders?: RenderLimits;
  /** Where the page of a site merged into another now is (docs/product.md R576); none by default. */
  siteRedirect?: (id: number) => Promise<number | undefined>;
}

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
  const templates = languageTemplates(template, options.root);
  const renderer =
    options.renderer !== undefined ? options.renderer : template ? await loadRenderer(options.root) : null;

  const { shell, rendered, notFound } = cachedPages(options, templates, renderer);
  const sites = sitesRenders(options, templates, renderer, rendered);
  app.decorate('pageRenders', sites.pageRenders);
  const { sendSitesPage } = sites;

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
      return this.redirect(`${pagePath(route)}${redirectQuery(query)}`, 301);
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
        renderingFailed(request, error);
      }
    }
    // A page's canonical address is rendered and cached; /sites with other parameters goes through
    // sendSitesPage (normalised, kept for the minute, bounded), other pages ignore them.
    const onlyLanguage = [...params.keys()].every((key) => key === 'lng');
    if (renderer && route.kind === 'sites' && !onlyLanguage) {
      try {
        return await sendSitesPage(this, request, params, language);
      } catch (error) {
        renderingFailed(request, error);
      }
    }
    if (renderer && route.kind !== 'other' && onlyLanguage) {
      try {
        const entry = await rendered(route, language);
        return this.sendCached(request, entry, HTML, 'Accept-Language, Cookie');
      } catch (error) {
        if (error instanceof PageNotFound) {
          // A site merged into another: its old address leads to the site it became part of (R576).
          const to = route.kind === 'site' ? await options.siteRedirect?.(route.id) : undefined;
          if (to !== undefined)
            return this.redirect(`${pagePath({ kind: 'site', id: to })}${redirectQuery(query)}`, 301);
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
          renderingFailed(request, error);
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

/**
 * A render that failed is logged and the page sent unrendered — unless the database is out of
 * reach: then the unrendered page would fail too, and the error answer gives the visitor the small
 * "briefly unavailable" page (plugins/errors.ts), logged once per outage rather than per request.
 */
function renderingFailed(request: FastifyRequest, error: unknown) {
  if (isDatabaseUnavailable(error)) throw error;
  request.log.error({ err: error }, 'server rendering failed; sending the page unrendered');
}

declare module 'fastify' {
  interface FastifyReply {
    sendPage(request: FastifyRequest): Promise<FastifyReply>;
  }
  interface FastifyInstance {
    /** The /sites pages with choices this process rendered or answered plain (docs/decisions/031). */
    pageRenders: PageRenders;
  }
}
