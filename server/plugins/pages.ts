import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { normalizeIP } from '@fastify/rate-limit';
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
import { pageText } from '../services/page-text.ts';
import {
  type CachedResponse,
  createResponseCache,
  pickEncoding,
  type ResponseCache,
} from '../services/response-cache.ts';
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
  /** A /sites address's choices, normalised (the near text looked up once); by default, as they are. */
  sitesChoices?: (params: URLSearchParams, language: Language, client: string) => Promise<SitesChoices>;
  /** The current time in ms (the minute a /sites page with choices is rendered at). */
  now?: () => number;
  /** Bounds on the /sites pages with choices rendered afresh (docs/decisions/031). */
  renders?: RenderLimits;
}

export interface RenderLimits {
  /** Renders in progress at once in this process (PAGE_RENDERS_AT_ONCE). */
  atOnce: number;
  /** Renders per client (IPv4 address, IPv6 /64) per window (PAGE_RENDERS_PER_CLIENT). */
  perClient: number;
  windowMs: number;
  /** Counts one render for a client key, shared by every process (rate-limit-store.ts `countHit`). */
  countHit: (key: string, windowMs: number) => Promise<{ current: number; ttl: number }>;
}

/** Pages with choices kept rendered: the most recently used, each at most until the minute ends. */
const RENDER_CACHE_ENTRIES = 200;
/** Clients remembered as over their limit in this process (the database stays the count). */
const LIMITED_CLIENTS_MAX = 10_000;

/** The /sites renders of this process, for tests and operators (`app.pageRenders`). */
export interface PageRenders {
  /** /sites pages with choices rendered afresh so far. */
  readonly rendered: number;
  /** /sites addresses with choices answered with the plain page (over a limit) so far. */
  readonly plain: number;
  /** Renders in progress now. */
  readonly inFlight: number;
  /** Takes a render slot if one is free (null when PAGE_RENDERS_AT_ONCE are in use); call it to give it back. */
  acquire(): (() => void) | null;
}

/** At most `max` renders in progress; a slot is given back by calling what `acquire` answered. */
function renderGate(max: number) {
  let inFlight = 0;
  return {
    get inFlight() {
      return inFlight;
    },
    acquire(): (() => void) | null {
      if (inFlight >= max) return null;
      inFlight += 1;
      let held = true;
      return () => {
        if (held) inFlight -= 1;
        held = false;
      };
    },
  };
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
      // The plain list is also the answer to any /sites address while renders are over their limits.
      if (route.kind === 'sites') data.renderedFor = '/sites';
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
   * /sites with choices in its address (filters, the name search, the near box), rendered for their
   * normalised form (`search` is `lng` when the address had one, then the choices) so the page works
   * without scripts (docs/product.md R136), at `minute`.
   */
  async function renderedSites(search: string, request: SitesRequest) {
    const data = await options.pageData({ kind: 'sites' }, request);
    const url = `/sites${search ? `?${search}` : ''}`;
    data!.renderedFor = url;
    const page = renderer!.render({ url, language: request.language, data: data! });
    counts.rendered += 1;
    let html = inLanguage(template!, request.language, page.description, options.phone);
    const head = [`<title>${page.title}</title>`, alternateLinks(options.baseUrl, '/sites')];
    html = put(html, /<title>[^<]*<\/title>/, head.join(''));
    html = put(html, '<div id="root"></div>', `<div id="root">${page.html}</div>`);
    html = html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
    return withData(html, data!);
  }

  // Pages with choices, rendered once per (language, `lng`, normalised choices, place found) and kept
  // for the minute they show, until a directory write or the agency's next day (docs/decisions/031).
  const renders = createResponseCache({ maxEntries: RENDER_CACHE_ENTRIES });
  let rendersStamp = '';
  const gate = renderGate(options.renders?.atOnce ?? Number.POSITIVE_INFINITY);
  const counts = { rendered: 0, plain: 0 };
  /** Client keys known to be over their limit in this process, until their window ends. */
  const limitedUntil = new Map<string, number>();
  const now = options.now ?? Date.now;
  app.decorate('pageRenders', {
    get rendered() {
      return counts.rendered;
    },
    get plain() {
      return counts.plain;
    },
    get inFlight() {
      return gate.inFlight;
    },
    acquire: () => gate.acquire(),
  } satisfies PageRenders);

  /** Whether this client is known to be over its limit (no database round trip). */
  function knownLimited(key: string): boolean {
    const until = limitedUntil.get(key);
    return until !== undefined && until > now();
  }

  /** Whether this client may have one more page rendered afresh now (counted when it may). */
  async function clientMayRender(key: string): Promise<boolean> {
    const limits = options.renders;
    if (!limits) return true;
    if (knownLimited(key)) return false;
    const time = now();
    const hit = await limits.countHit(key, limits.windowMs);
    if (hit.current <= limits.perClient) return true;
    if (limitedUntil.size >= LIMITED_CLIENTS_MAX) limitedUntil.clear();
    limitedUntil.set(key, time + hit.ttl);
    return false;
  }

  /** Sends a page with choices: its ready bytes, compressed once, never kept by the browser or a proxy. */
  async function sendRendered(reply: FastifyReply, request: FastifyRequest, entry: CachedResponse) {
    reply
      .header('Cache-Control', 'no-store')
      .header('Vary', 'Accept-Encoding, Accept-Language, Cookie')
      .type(HTML);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(entry.raw);
    return reply.header('Content-Encoding', encoding).send(await entry.encoded(encoding));
  }

  /**
   * /sites with parameters besides `lng`. A normalised address already rendered this minute is sent
   * from the render cache; one with no choices left is the plain page; any other is rendered — unless
   * PAGE_RENDERS_AT_ONCE renders are in progress or this client has had PAGE_RENDERS_PER_CLIENT this
   * window: then the plain /sites page is sent, which the browser takes over and then applies the
   * address's choices to (docs/product.md R300–R302).
   */
  async function sendSitesPage(
    reply: FastifyReply,
    request: FastifyRequest,
    params: URLSearchParams,
    language: Language,
  ) {
    const plain = async () =>
      reply.sendCached(request, await rendered({ kind: 'sites' }, language), HTML, 'Accept-Language, Cookie');
    const choices = options.sitesChoices
      ? await options.sitesChoices(params, language, request.ip)
      : { query: new URLSearchParams([...params].filter(([key]) => key !== 'lng')).toString() };
    if (!choices.query) return plain();
    const minute = Math.floor(now() / 60_000) * 60_000;
    const stamp = `${options.cache.generation}|${options.today?.() ?? ''}|${minute}`;
    if (stamp !== rendersStamp) {
      // A directory write, the agency's next day or the next minute: every kept page is out of date.
      renders.invalidate();
      rendersStamp = stamp;
    }
    const lng = pickLanguage(params.get('lng'));
    const search = [lng && `lng=${lng}`, choices.query].filter(Boolean).join('&');
    const key = `${language}|${search}|${JSON.stringify(choices.place?.answer ?? null)}`;
    const produce = () => renderedSites(search, { choices, language, minute });
    if (renders.has(key)) return sendRendered(reply, request, await renders.get(key, produce));
    const client = `page-renders ${normalizeIP(request.ip)}`;
    const release = knownLimited(client) ? null : gate.acquire();
    if (!release) {
      counts.plain += 1;
      return plain();
    }
    try {
      // The render itself runs without a break: let the requests that came in with this one reach the
      // gate first, so that those beyond PAGE_RENDERS_AT_ONCE get the plain page rather than queue.
      await new Promise((resolve) => setImmediate(resolve));
      if (!(await clientMayRender(client))) {
        counts.plain += 1;
        return plain();
      }
      const entry = await renders.get(key, produce);
      // Compressed while the slot is held: that is part of the render's cost.
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (encoding) await entry.encoded(encoding);
      return await sendRendered(reply, request, entry);
    } finally {
      release();
    }
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

class PageNotFound extends Error {}

/**
 * A render that failed is logged and the page sent unrendered — unless the database is out of
 * reach: then the unrendered page would fail too, and the error answer gives the visitor the small
 * "briefly unavailable" page (plugins/errors.ts), logged once per outage rather than per request.
 */
function renderingFailed(request: FastifyRequest, error: unknown) {
  if (isDatabaseUnavailable(error)) throw error;
  request.log.error({ err: error }, 'server rendering failed; sending the page unrendered');
}

const HTML = 'text/html; charset=utf-8';

declare module 'fastify' {
  interface FastifyReply {
    sendPage(request: FastifyRequest): Promise<FastifyReply>;
  }
  interface FastifyInstance {
    /** The /sites pages with choices this process rendered or answered plain (docs/decisions/031). */
    pageRenders: PageRenders;
  }
}
