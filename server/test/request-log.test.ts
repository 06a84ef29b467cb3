/**
 * docs/product.md R48, R340: a single-use link's token never reaches the request log. Every route and
 * page whose address carries one (a password reset, a site contact's confirmation link) is logged with
 * the token masked by the one rule of redactUrl (server/plugins/logging.ts), at any spelling of the
 * path the server still answers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '#shared/api-paths.ts';
import { redactUrl } from '../plugins/logging.ts';
import { createTestApp, type TestContext } from './helpers.ts';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Community Meal Sites</title><!--app-data--></head>' +
  '<body><div id="root"></div></body></html>';

const TOKEN = 'Zq7xTokenThatMustNotBeLogged_0123456789abc';

/** Every route and page with a token in its address, as method and path (token at the end). */
const TOKEN_REQUESTS: [string, string, object?][] = [
  ['GET', `/api/passwords/${TOKEN}`],
  ['POST', `/api/passwords/${TOKEN}`, { password: 'a-New-password-1' }],
  ['GET', `/api/confirmations/${TOKEN}`],
  ['POST', `/api/confirmations/${TOKEN}`, { answer: 'correct' }],
  ['GET', `/confirm/${TOKEN}`],
  ['GET', `/confirm/${TOKEN}?lng=es`],
  ['GET', `/confirm/${TOKEN}/`],
  ['GET', `//confirm/${TOKEN}`],
  ['GET', `/passwords/reset/${TOKEN}`],
  ['GET', `/passwords//reset/${TOKEN}`],
];

describe('the request log', () => {
  let ctx: TestContext;
  const log: string[] = [];
  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'meals-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    ctx = await createTestApp(
      { CLIENT_DIST: dist, LOG_LEVEL: 'info' },
      { logStream: { write: (line) => log.push(line) } },
    );
  });
  afterAll(() => ctx.close());

  it.each(TOKEN_REQUESTS)('masks the token of %s %s', async (method, url, payload) => {
    log.length = 0;
    const response = await ctx.app.inject({
      method: method as 'GET',
      url,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBeLessThan(500);
    const text = log.join('\n');
    // The request was logged, with its path and the token masked.
    expect(text).toContain('[redacted]');
    expect(text.includes(TOKEN), `token in the log for ${method} ${url}:\n${text}`).toBe(false);
  });

  it('covers every route of the app with a token in its path', () => {
    // A new route with a `:token` parameter must be masked too: each is checked against the one rule.
    // The routes register with the patterns of the one table (shared/api-paths.ts).
    const patterns: unknown[] = Object.values(apiRoutes);
    const withToken = patterns.filter(
      (pattern): pattern is string => typeof pattern === 'string' && pattern.includes(':token'),
    );
    expect(withToken.length).toBeGreaterThanOrEqual(2);
    for (const route of withToken)
      expect(redactUrl(route.replace(':token', TOKEN)), route).not.toContain(TOKEN);
  });
});

describe('redactUrl', () => {
  it.each([
    [`/api/passwords/${TOKEN}`, '/api/passwords/[redacted]'],
    [`/api/confirmations/${TOKEN}?x=1`, '/api/confirmations/[redacted]?x=1'],
    [`/confirm/${TOKEN}`, '/confirm/[redacted]'],
    [`/CONFIRM/${TOKEN}/`, '/CONFIRM/[redacted]/'],
    [`/passwords/reset/${TOKEN}`, '/passwords/reset/[redacted]'],
    ['/api/passwords', '/api/passwords'],
    ['/sites/12', '/sites/12'],
    // A search nearest first from the visitor's own position: the point is not logged (R718).
    [
      '/api/search?q=lunch&lat=37.7599&lng=-122.4148&limit=25',
      '/api/search?q=lunch&lat=[redacted]&lng=[redacted]&limit=25',
    ],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
