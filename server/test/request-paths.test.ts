import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PATH_BYTES } from '../plugins/request-path.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

/**
 * Long and oddly encoded request paths, cookies and headers, on pages and the API
 * (docs/decisions/017-request-paths.md): a path longer than MAX_PATH_BYTES is refused with 414 before
 * anything reads it, and no cookie, header or path encoding gets a 5xx.
 */
let ctx: TestContext;
let clientDir: string;
let admin: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'meals-paths-client-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Meals</title><!--app-data--></head><body><div id="root"></div></body></html>',
  );
  ctx = await createTestApp({ CLIENT_DIST: clientDir });
  admin = (await signInRoles(ctx)).admin.cookie;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const send = (method: InjectOptions['method'], url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers, ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }) });

/** A path of exactly `bytes` bytes under `prefix`. */
const pathOf = (prefix: string, bytes: number) => `${prefix}${'a'.repeat(bytes - prefix.length)}`;

describe('the path-length cap', () => {
  it(`answers 414 for a path over ${MAX_PATH_BYTES} bytes, on pages and on the API, with the security headers`, async () => {
    const requests: [InjectOptions['method'], string][] = [
      ['GET', pathOf('/', MAX_PATH_BYTES + 1)],
      ['GET', pathOf('/sites/', MAX_PATH_BYTES + 1)],
      ['GET', `/a${'/'.repeat(15_500)}b`],
      ['GET', `/sites/1${'/'.repeat(MAX_PATH_BYTES)}`],
      ['GET', pathOf('/api/sites/', MAX_PATH_BYTES + 1)],
      ['GET', `/api/sites/${'1'.repeat(MAX_PATH_BYTES)}`],
      ['PATCH', `/api/sites/${'1'.repeat(MAX_PATH_BYTES)}`],
      ['DELETE', pathOf('/api/populations/', MAX_PATH_BYTES + 1)],
      ['POST', pathOf('/api/auth/login/', MAX_PATH_BYTES + 1)],
      ['GET', `/${'%E0%A4%A'.repeat(300)}`],
      ['GET', `/${'é'.repeat(1_024)}`],
    ];
    for (const [method, url] of requests) {
      const response = await send(method, url, { cookie: admin });
      const label = `${method} ${url.slice(0, 30)}…`;
      expect(response.statusCode, label).toBe(414);
      expect(response.json(), label).toEqual({ status: 414, message: expect.any(String) });
      expect(response.headers['content-security-policy'], label).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options'], label).toBe('nosniff');
    }
  });

  it('reads a path of exactly the limit, and a long query string, as usual', async () => {
    // No page has this address: it is read, and answered with the not-found page (not 414).
    const page = await send('GET', pathOf('/', MAX_PATH_BYTES));
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    const api = await send('GET', pathOf('/api/', MAX_PATH_BYTES));
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ status: 404, message: 'Not found' });
    const query = await send('GET', `/sites?q=${'z'.repeat(10_000)}`);
    expect(query.statusCode).toBe(200);
    const list = await send('GET', `/api/sites?q=${'z'.repeat(10_000)}`);
    expect(list.statusCode).toBe(200);
  });

  it('a page address with many slashes under the limit goes to the canonical address', async () => {
    const response = await send('GET', `/sites${'/'.repeat(2_000)}?lng=es`);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/sites?lng=es');
  });
});

describe('cookies, headers and path encodings never get a 5xx', () => {
  const cookies = [
    'i18next=%',
    'i18next=%E0%A4%A',
    'i18next=%ZZ; sid=%',
    `i18next=${'%'.repeat(5_000)}`,
    'i18next="',
    'i18next=;;;;',
    '; ; ;=;',
    `${'; '.repeat(5_000)}i18next=es`,
  ];
  const pages = ['/', '/sites', '/sites/1', '/about', '/partners', '/login', '/nowhere', '/sites/1/edit'];

  it('on every page, a malformed language cookie is ignored', async () => {
    for (const url of pages) {
      for (const cookie of cookies) {
        const response = await send('GET', url, { cookie });
        expect(response.statusCode, `${url} ${cookie.slice(0, 30)}`).toBeLessThan(500);
        expect(response.headers['content-type']).toContain('text/html');
      }
    }
  });

  it('odd path encodings on pages and the API answer 4xx or a page, in the one error shape', async () => {
    const paths = [
      '/%',
      '/%E0%A4%A',
      '/sites/%E0%A4%A',
      '/sites/%00',
      '/%00',
      '/sites/%2e%2e/about',
      '/sites/./1',
      '/sites/../about',
      '/%C0%AF',
      '/sites/%F0%9F%8D%B2',
      '/api/sites/%E0%A4%A',
      '/api/sites/%',
      '/api//sites',
      '/api/sites/1/%2e%2e',
      '/api/%00',
    ];
    for (const url of paths) {
      for (const method of ['GET', 'POST', 'PATCH', 'DELETE'] as const) {
        const response = await send(method, url, { cookie: admin });
        const label = `${method} ${url}`;
        expect(response.statusCode, label).toBeLessThan(500);
        if (response.statusCode >= 400 && String(response.headers['content-type']).includes('json')) {
          expect(response.json().status, label).toBe(response.statusCode);
        }
      }
    }
  });
});

describe('requests the HTTP parser refuses', () => {
  /** Writes raw bytes to the listening server and reads until it closes the connection. */
  async function raw(port: number, text: string) {
    return new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    });
  }

  it('answer in the API error shape with the security headers (and no body to HEAD)', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as net.AddressInfo;
    const backslash = await raw(port, 'GET \\sites HTTP/1.1\r\nHost: meals.test\r\n\r\n');
    expect(backslash).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(backslash).toMatch(/\r\ncontent-security-policy: default-src 'self'/i);
    expect(backslash.split('\r\n\r\n')[1]).toBe(
      JSON.stringify({ status: 400, message: 'The request could not be understood.' }),
    );
    const huge = await raw(
      port,
      `GET /sites HTTP/1.1\r\nHost: meals.test\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(huge.split('\r\n\r\n')[1]!)).toEqual({ status: 431, message: expect.any(String) });
    const head = await raw(port, 'HEAD \\x HTTP/1.1\r\nHost: meals.test\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head.split('\r\n\r\n')[1]).toBe('');
  });
});
