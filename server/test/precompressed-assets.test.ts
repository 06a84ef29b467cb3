import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: the build's own step (no alias) is what is tested
import { precompressAssets } from '../../scripts/lib/toolchain.ts';
import { createTestApp, type TestContext } from './helpers.ts';

/**
 * docs/product.md R720: the build writes each text asset compressed ahead (brotli 11 and gzip 9), and
 * the server sends those bytes as they are to a browser that accepts them — smaller than what it can
 * afford to compress per response — and the plain file (compressed on the fly) to any other.
 */
const TEMPLATE = '<!doctype html><html><head><!--app-data--></head><body><div id="root"></div></body></html>';
/** A script-like text that compresses well, like a bundle. */
const SCRIPT = Array.from({ length: 4000 }, (_, i) => `export const value${i} = "site ${i % 97}";`).join(
  '\n',
);

let ctx: TestContext;
let assets: string;

beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'meals-assets-'));
  assets = path.join(dist, 'client', 'assets');
  fs.mkdirSync(assets, { recursive: true });
  fs.writeFileSync(path.join(dist, 'client', 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(assets, 'app-1234.js'), SCRIPT);
  fs.writeFileSync(path.join(assets, 'tiny-1234.js'), 'export {};');
  fs.writeFileSync(path.join(assets, 'logo-1234.png'), Buffer.alloc(4096, 7));
  expect(precompressAssets(assets)).toBe(1);
  ctx = await createTestApp({ CLIENT_DIST: path.join(dist, 'client'), LOG_LEVEL: 'error' });
});
afterAll(() => ctx.close());

describe('assets compressed ahead', () => {
  it('are written beside the text assets only, and decompress to the file', () => {
    expect(fs.readdirSync(assets).sort()).toEqual([
      'app-1234.js',
      'app-1234.js.br',
      'app-1234.js.gz',
      'logo-1234.png',
      'tiny-1234.js',
    ]);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(assets, 'app-1234.js.br'))).toString()).toBe(
      SCRIPT,
    );
    expect(zlib.gunzipSync(fs.readFileSync(path.join(assets, 'app-1234.js.gz'))).toString()).toBe(SCRIPT);
  });

  it('are sent as written to a browser that accepts brotli or gzip, and plain to one that accepts neither', async () => {
    const ask = (encoding: string) =>
      ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': encoding } });
    const br = await ask('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(fs.readFileSync(path.join(assets, 'app-1234.js.br')))).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    // Smaller than the server's own fast brotli of the same file would be.
    const fast = zlib.brotliCompressSync(SCRIPT, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    expect(br.rawPayload.length).toBeLessThan(fast.length);

    const gz = await ask('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(fs.readFileSync(path.join(assets, 'app-1234.js.gz')))).toBe(true);

    const plain = await ask('identity');
    expect(plain.headers['content-encoding'] ?? 'identity').toBe('identity');
    expect(plain.body).toBe(SCRIPT);
  });

  it('a file without a compressed twin is still served, compressed on the fly when worth it', async () => {
    const tiny = await ctx.app.inject({
      method: 'GET',
      url: '/assets/tiny-1234.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(tiny.statusCode).toBe(200);
    const body =
      tiny.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(tiny.rawPayload)
        : tiny.rawPayload;
    expect(body.toString()).toBe('export {};');
  });
});
