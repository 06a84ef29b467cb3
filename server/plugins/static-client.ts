import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface StaticClientOptions {
  root: string;
  /** Data handed to the page in a JSON script block (not executed, so CSP allows it). */
  pageData: () => Record<string, unknown>;
}

/** JSON that is safe inside <script type="application/json">: no '</script>' or '<!--' can close it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * Serves the built single-page app: hashed files under /assets/ are cached for a year, index.html is
 * never cached and is answered for every page path so the client router can take over.
 */
export default fp(async function staticClient(app: FastifyInstance, options: StaticClientOptions) {
  const indexFile = path.join(options.root, 'index.html');
  const built = fs.existsSync(indexFile);
  const template = built ? fs.readFileSync(indexFile, 'utf8') : undefined;

  if (built) {
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

  app.decorateReply('sendPage', function sendPage(this: import('fastify').FastifyReply) {
    if (!template) {
      return this.code(503)
        .type('text/plain; charset=utf-8')
        .send('The web client is not built yet. Run `npm run build`.');
    }
    const html = template.replace(
      '<!--app-data-->',
      `<script id="app-data" type="application/json">${scriptSafeJson(options.pageData())}</script>`,
    );
    return this.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
});

declare module 'fastify' {
  interface FastifyReply {
    sendPage(): FastifyReply;
  }
}
