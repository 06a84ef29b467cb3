import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The built client's files (dist/client): hashed files under /assets/ are cached for a year, the rest
 * for an hour. Nothing is served before the client is built. A file compressed ahead by the build is sent
 * as it is to a browser that accepts its encoding (R720); any other is compressed on the fly.
 */
export default fp(async function staticFiles(app: FastifyInstance, options: { root: string }) {
  const built = fs.existsSync(path.join(options.root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      serve: true,
      // The `.br` and `.gz` written beside each asset by the build, sent as they are (docs/product.md R720).
      preCompressed: true,
      // Answered by routes/seo.ts with this deployment's address in it (an old build may still hold the file).
      globIgnore: ['robots.txt'],
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
});
