/**
 * /sites pages with choices in their address, rendered afresh (docs/decisions/031): the render
 * cache kept for the minute, the bounds on renders at once and per client, and the plain page sent
 * past them (docs/product.md R300–R302). Used by the pages plugin (plugins/pages.ts).
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SitesRequest } from '#server/services/page-data.ts';
import { type CachedResponse, createResponseCache, pickEncoding } from '#server/services/response-cache.ts';
import { alternateLinks } from '#server/services/sitemap.ts';
import { type Language, pickLanguage } from '#shared/languages.ts';
import type { PagesOptions } from '../pages.ts';
import { HTML, inLanguage, type PageRenderer, put, withData } from './html.ts';

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
 * The renders of /sites with choices for one plugin instance: `sendSitesPage` answers such an
 * address, `pageRenders` counts what it did (`app.pageRenders`). `rendered` is the cached page of a
 * canonical address (cached-pages.ts), here the plain /sites page.
 */
export function sitesRenders(
  options: PagesOptions,
  templates: Record<Language, string | undefined>,
  renderer: PageRenderer | null,
  rendered: (route: { kind: 'sites' }, language: Language) => Promise<CachedResponse>,
) {
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
    let html = inLanguage(templates[request.language]!, request.language, page.description, options.phone);
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
  const pageRenders = {
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
  } satisfies PageRenders;

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

  return { pageRenders, sendSitesPage };
}
