import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReferenceItem } from '#testing/factories.ts';
import { sessions, users } from '../db/schema.ts';
import {
  createTestApp,
  createUser,
  login,
  PASSWORD,
  sessionCookie,
  type TestContext,
  uniqueEmail,
} from './helpers.ts';

const INVALID_LOGIN = {
  status: 422,
  errors: [{ path: 'email', message: 'Invalid email and/or password.', code: 'invalid_login' }],
};

/** The raw Set-Cookie header that sets `sid`. */
function sidSetCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const sid = all.find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`no sid Set-Cookie in ${JSON.stringify(all)}`);
  return sid;
}

const attributes = (setCookie: string) =>
  setCookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const me = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: cookie ? { cookie } : {} });

const sessionCount = async (userId: number) =>
  (await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('POST /api/auth/login', () => {
  it('answers the user without any password field and sets an HttpOnly, SameSite=Lax, Path=/ session cookie', async () => {
    const user = await createUser(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      isAdmin: false,
      role: 'user',
      firstName: 'Uma',
      lastName: 'User',
      email: user.email,
      picture: null,
      pictureUrl: null,
    });
    expect(response.body).not.toMatch(/password|hash|argon2/i);

    const cookie = sidSetCookie(response);
    const attrs = attributes(cookie);
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    expect(attrs).toContain('path=/');
    // Plain HTTP: a Secure cookie would never come back.
    expect(attrs).not.toContain('secure');
    // The cookie really signs the user in.
    const who = await me(sessionCookie(response));
    expect(who.statusCode).toBe(200);
    expect(who.json().id).toBe(user.id);
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const user = await createUser(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `  ${user.email.toUpperCase()} `, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(user.id);
  });

  it('answers 422 with the one login message for a wrong password and for an unknown e-mail', async () => {
    const user = await createUser(ctx);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'not-the-password-1' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(INVALID_LOGIN);
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody-here@example.org', password: PASSWORD },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual(INVALID_LOGIN);
  });

  it('answers 422 naming the field when the body is incomplete', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'someone@example.org' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.map((e: { path: string }) => e.path)).toContain('password');
  });

  it('issues a new session id at login and ends the session the request came with', async () => {
    const user = await createUser(ctx);
    const before = await login(ctx, user.email);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: before },
      payload: { email: user.email, password: PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    const after = sessionCookie(again);
    expect(after).not.toBe(before);
    // The old id is worthless now (no fixation), the new one works.
    expect((await me(before)).statusCode).toBe(204);
    expect((await me(after)).json().id).toBe(user.id);
    expect(await sessionCount(user.id)).toBe(1);
  });

  it('sets no cookie for anonymous requests', async () => {
    const response = await me();
    expect(response.statusCode).toBe(204);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('ignores a forged session cookie', async () => {
    const response = await me('sid=forged-session-id.forged-signature');
    expect(response.statusCode).toBe(204);
  });
});

describe('Secure cookie behind HTTPS', () => {
  let https: TestContext;
  beforeAll(async () => {
    https = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => https.close());

  it('marks the cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const user = await createUser(https);
    const response = await https.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: user.email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const attrs = attributes(sidSetCookie(response));
    expect(attrs).toContain('secure');
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    const who = await https.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { 'x-forwarded-proto': 'https', cookie: sessionCookie(response) },
    });
    expect(who.json().id).toBe(user.id);
  });

  it('does not mark it Secure over plain HTTP on the same app', async () => {
    const user = await createUser(https);
    const response = await https.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(attributes(sidSetCookie(response))).not.toContain('secure');
  });
});

describe('GET /api/users/me', () => {
  it('answers 204 with no body when logged out and the user when logged in', async () => {
    const anonymous = await me();
    expect(anonymous.statusCode).toBe(204);
    expect(anonymous.body).toBe('');

    const user = await createUser(ctx);
    const cookie = await login(ctx, user.email);
    const response = await me(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email, isAdmin: false });
    expect(response.body).not.toMatch(/password|hash/i);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session for real: the old cookie replayed is refused and the row is gone', async () => {
    const admin = await createUser(ctx, { admin: true });
    const cookie = await login(ctx, admin.email);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await sessionCount(admin.id)).toBe(1);

    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(204);
    // The browser is told to forget the cookie.
    const cleared = sidSetCookie(logout);
    expect(cleared).toMatch(/^sid=;/);
    expect(cleared.toLowerCase()).toContain('expires=thu, 01 jan 1970');

    expect(await sessionCount(admin.id)).toBe(0);
    expect((await me(cookie)).statusCode).toBe(204);
    const write = await ctx.app.inject({
      method: 'POST',
      url: '/api/populations',
      headers: { cookie },
      payload: buildReferenceItem(),
    });
    expect(write.statusCode).toBe(401);
  });

  it('ends only the session it was called with', async () => {
    const user = await createUser(ctx);
    const first = await login(ctx, user.email);
    const second = await login(ctx, user.email);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: first } });
    expect((await me(first)).statusCode).toBe(204);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('answers 204 when nobody is logged in', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(204);
  });

  it("by GET, ends a session only for a request from this site's own page (Sec-Fetch-Site: same-origin, R369)", async () => {
    const user = await createUser(ctx);
    const cookie = await login(ctx, user.email);
    for (const site of [undefined, 'same-site', 'cross-site', 'none']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/logout',
        headers: { cookie, ...(site && { 'sec-fetch-site': site }) },
      });
      expect(response.statusCode, String(site)).toBe(405);
      expect(response.headers['set-cookie'], String(site)).toBeUndefined();
      expect((await me(cookie)).statusCode, String(site)).toBe(200);
    }
    const own = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(204);
  });
});

describe('POST /api/auth/register', () => {
  const newUser = () => ({
    firstName: 'Rita',
    lastName: 'Register',
    email: uniqueEmail('register'),
    password: 'goodpass1',
  });

  it('is refused with 403 unless ALLOW_REGISTRATION=true, and creates nobody', async () => {
    const body = newUser();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(response.statusCode).toBe(403);
    const rows = await ctx.database.db.select().from(users).where(eq(users.email, body.email));
    expect(rows).toHaveLength(0);
  });

  it('turned off, answers 403 before looking at the body: an invalid or missing body is a 403 too (R368)', async () => {
    for (const payload of [{}, { email: 'not-an-address' }, { ...newUser(), password: 'x' }]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
      expect(response.json()).toEqual({ status: 403, message: 'Registration is turned off.' });
    }
  });

  describe('when turned on', () => {
    let open: TestContext;
    beforeAll(async () => {
      open = await createTestApp({ ALLOW_REGISTRATION: 'true' });
    });
    afterAll(() => open.close());

    it('creates a signed-in user with 201 and never an administrator, even when asked', async () => {
      const body = { ...newUser(), isAdmin: true };
      const response = await open.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        isAdmin: false,
        email: body.email,
        firstName: 'Rita',
        lastName: 'Register',
      });
      expect(response.body).not.toMatch(/password|hash/i);
      const [row] = await open.database.db.select().from(users).where(eq(users.email, body.email));
      expect(row?.role).toBe('user');
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

      const who = await open.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { cookie: sessionCookie(response) },
      });
      expect(who.json().id).toBe(row?.id);
      // The password chosen at registration logs in.
      expect(await login(open, body.email, body.password)).toMatch(/^sid=/);
    });

    it('answers 422 on the email field for an e-mail already registered (in any case)', async () => {
      const body = newUser();
      expect(
        (await open.app.inject({ method: 'POST', url: '/api/auth/register', payload: body })).statusCode,
      ).toBe(201);
      const again = await open.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...newUser(), email: body.email.toUpperCase() },
      });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({
        status: 422,
        errors: [{ path: 'email', message: 'is already taken', code: 'email_taken' }],
      });
    });

    it('enforces the password rule', async () => {
      const response = await open.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...newUser(), password: 'short' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toContainEqual({
        path: 'password',
        message: 'Minimum eight characters, at least one letter and one number.',
        code: 'password_rule',
      });
    });
  });
});

describe('rate limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_AUTH_MAX: '3' });
  });
  afterAll(() => limited.close());

  it('answers the 4th login within the window with 429 JSON, even with the right password', async () => {
    const user = await createUser(limited);
    for (let i = 0; i < 3; i++) {
      const response = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'wrong-password-1' },
      });
      expect(response.statusCode).toBe(422);
    }
    const fourth = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['content-type']).toMatch(/^application\/json/);
    expect(fourth.json()).toMatchObject({ status: 429, message: expect.stringMatching(/Too many attempts/) });
    expect(fourth.headers['set-cookie']).toBeUndefined();
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits POST /api/passwords the same way, counted separately from login', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await limited.app.inject({
        method: 'POST',
        url: '/api/passwords',
        payload: { email: `nobody${i}@example.org` },
      });
      expect(response.statusCode).toBe(404);
    }
    const fourth = await limited.app.inject({
      method: 'POST',
      url: '/api/passwords',
      payload: { email: 'nobody@example.org' },
    });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ status: 429 });
  });
});
