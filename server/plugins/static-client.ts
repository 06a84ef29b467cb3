import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ResponseCache } from '../services/response-cache.ts';

/** Which page a path is, as far as embedded data goes: the two list pages get the sites list. */
export type PageKind = 'list' | 'other';

export interface StaticClientOptions {
  root: string;
  cache: ResponseCache;
  /** JSON text handed to the page in a data block (not executed, so the CSP allows it). */
  pageData: (kind: PageKind) => Promise<string>;
}

/**
 * JSON text made safe inside <script type="application/json">: in JSON, '<', '>' and '&' can only
 * occur inside strings, where their \u escapes mean the same — so nothing can close the element.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export function pageKind(url: string): PageKind {
  const pathname = url.split('?')[0]!.replace(/\/+$/, '') || '/';
  return pathname === '/' || pathname === '/sites' ? 'list' : 'other';
}

/**
 * Serves the built single-page app: hashed files under /assets/ are cached for a year; index.html is
 * answered for every page path (no-cache + ETag), with runtime settings — and on the list pages the
 * sites themselves — embedded, so the first screen needs no second round trip.
 */
export default fp(async function staticClient(app: FastifyInstance, options: StaticClientOptions) {
  const indexFile = path.join(options.root, 'index.html');
  const template = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;

  if (template) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      serve: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  app.decorateReply('sendPage', async function sendPage(this: FastifyReply, request: FastifyRequest) {
    if (!template) {
      return this.code(503)
        .type('text/plain; charset=utf-8')
        .send('The web client is not built yet. Run `npm run build`.');
    }
    const kind = pageKind(request.url);
    const entry = await options.cache.get(`page:${kind}`, async () =>
      template.replace(
        '<!--app-data-->',
        `<script id="app-data" type="application/json">${scriptSafeJson(await options.pageData(kind))}</script>`,
      ),
    );
    return this.sendCached(request, entry, 'text/html; charset=utf-8');
  });
});

declare module 'fastify' {
  interface FastifyReply {
    sendPage(request: FastifyRequest): Promise<FastifyReply>;
  }
}
