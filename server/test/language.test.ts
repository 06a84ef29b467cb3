import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import languagePlugin, { preferredLanguage } from '../plugins/language.ts';
import { createTestApp, createUser, PASSWORD, type TestContext } from './helpers.ts';

describe('request.language: ?lng, then the language cookie, then Accept-Language, then English', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(languagePlugin);
    app.get('/echo', async (request) => ({ language: request.language }));
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    ['/echo?lng=zh', 'i18next=es', 'es', 'zh'],
    ['/echo?lng=xx', 'i18next=es', 'zh', 'es'],
    ['/echo', 'i18next=zh', 'es-MX,es;q=0.9', 'zh'],
    ['/echo', 'other=1; i18next=es-419', 'zh', 'es'],
    ['/echo', 'i18next=%', 'zh-HK,zh;q=0.9', 'zh'],
    ['/echo', 'i18next=fr', 'fr, es;q=0.5', 'es'],
    ['/echo', undefined, undefined, 'en'],
    ['/echo?lng=', '', 'de', 'en'],
  ])('%s with cookie %j and Accept-Language %j → %s', async (url, cookie, acceptLanguage, expected) => {
    const headers: Record<string, string> = {};
    if (cookie !== undefined) headers.cookie = cookie;
    if (acceptLanguage !== undefined) headers['accept-language'] = acceptLanguage;
    const response = await app.inject({ method: 'GET', url, headers });
    expect(response.json()).toEqual({ language: expected });
  });

  it('names no language when the request names none (so a stored choice is kept)', () => {
    expect(preferredLanguage({ url: '/api/auth/login', headers: {} })).toBeUndefined();
    expect(preferredLanguage({ url: '/x?lng=es', headers: {} })).toBe('es');
  });
});

describe('the API speaks the language the page does', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("a login keeps the language cookie's language as the user's, whatever Accept-Language says", async () => {
    const user = await createUser(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: 'i18next=zh', 'accept-language': 'es-ES,es;q=0.9' },
      payload: { email: user.email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.language).toBe('zh');
  });
});
