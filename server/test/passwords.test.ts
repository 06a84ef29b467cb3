import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResets, users } from '../db/schema.ts';
import { hashPassword } from '../services/accounts.ts';
import { createTestApp, createUser, login, PASSWORD, type TestContext } from './helpers.ts';

// hashPassword is watched: a reset link that cannot be used must not cost an argon2 hash.
vi.mock('../services/accounts.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../services/accounts.ts')>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

const PASSWORD_RULE = 'Minimum eight characters, at least one letter and one number.';

// ---- a small .eml reader: enough MIME to check what a person would see --------------------------

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), as in a non-ASCII subject. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, encoding = '7bit'): string {
  if (/quoted-printable/i.test(encoding)) return decodeQuotedPrintable(body);
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function parseEml(raw: string): Email {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const at = chunk.search(/\r?\n\r?\n/);
      const partHeaders = parseHeaders(chunk.slice(0, at).replace(/^\r?\n/, ''));
      const type = (partHeaders['content-type'] ?? '').split(';')[0]!.trim();
      parts[type] = decodeBody(
        chunk.slice(at).replace(/^\r?\n\r?\n/, ''),
        partHeaders['content-transfer-encoding'],
      );
    }
  } else {
    parts[(headers['content-type'] ?? 'text/plain').split(';')[0]!] = decodeBody(
      body,
      headers['content-transfer-encoding'],
    );
  }
  return {
    to: headers.to ?? '',
    subject: decodeHeader(headers.subject ?? ''),
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
  };
}

// ---- the app ------------------------------------------------------------------------------------

let ctx: TestContext;
let outbox: string;

beforeAll(async () => {
  ctx = await createTestApp();
  outbox = path.join(ctx.dataDir, 'outbox');
});
afterAll(() => ctx.close());

const outboxFiles = () =>
  fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];

const forgot = (email: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/passwords', headers, payload: { email } });

/** Asks for a reset, checks exactly one new e-mail was written, and answers it with its token. */
async function requestReset(email: string, headers: Record<string, string> = {}) {
  const before = new Set(outboxFiles());
  const response = await forgot(email, headers);
  expect(response.statusCode).toBe(202);
  const added = outboxFiles().filter((f) => !before.has(f));
  expect(added).toHaveLength(1);
  const mail = parseEml(fs.readFileSync(path.join(outbox, added[0]!), 'utf8'));
  const token = /http:\/\/meals\.test\/passwords\/reset\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(token).toBeDefined();
  return { response, mail, token: token! };
}

const check = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/passwords/${token}` });
const reset = (token: string, password: string) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/passwords/${token}`, payload: { password } });
const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
const tryLogin = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('POST /api/passwords', () => {
  it('greets without a first name that is not plain words (a link in the name never reaches the e-mail, R361)', async () => {
    const user = await createUser(ctx);
    const name = 'URGENT: your account is locked, verify at https://evil.example/verify';
    await ctx.database.db.update(users).set({ firstName: name }).where(eq(users.id, user.id));
    const { mail } = await requestReset(user.email);
    expect(mail.text.split('\n')[0]).toBe('Hello,');
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
  });

  it('answers 404 "Email not found." for an unknown e-mail and sends nothing', async () => {
    const before = outboxFiles().length;
    const response = await forgot('nobody-by-this-name@example.org');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, message: 'Email not found.' });
    expect(outboxFiles()).toHaveLength(before);
  });

  it('answers 202 and e-mails one link, in both the text and the HTML part', async () => {
    const user = await createUser(ctx);
    const { response, mail, token } = await requestReset(user.email);
    expect(response.json()).toEqual({
      status: 202,
      message: 'Please check your email in a few minutes for a reset password link.',
    });
    const link = `http://meals.test/passwords/reset/${token}`;
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Hello Uma,');
    expect(mail.text).toContain('The link works once and expires in 24 hours.');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain(`<p>${link}</p>`);
    // A long random token (32 bytes, base64url), never echoed in the answer.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.body).not.toContain(token);
  });

  it('finds the account whatever the case and spacing of the e-mail', async () => {
    const user = await createUser(ctx);
    const { mail } = await requestReset(`  ${user.email.toUpperCase()}  `);
    expect(mail.to).toBe(user.email);
  });

  it("writes in the user's language when it is known ('es')", async () => {
    const user = await createUser(ctx);
    await ctx.database.db.update(users).set({ language: 'es' }).where(eq(users.id, user.id));
    // The user's own language wins over the browser's.
    const { mail, token } = await requestReset(user.email, { 'accept-language': 'en-US,en;q=0.9' });
    expect(mail.subject).toBe('Restablezca su contraseña');
    expect(mail.text).toContain('Hola, Uma:');
    expect(mail.text).toContain(`http://meals.test/passwords/reset/${token}`);
    expect(mail.html).toContain('lang="es"');
    expect(mail.html).toContain('Elegir una contraseña nueva');
    expect(mail.text).toContain('vence en 24 horas.');
  });

  it("falls back to the request's language when the user has none", async () => {
    const user = await createUser(ctx);
    const { mail } = await requestReset(user.email, { 'accept-language': 'zh-TW,zh;q=0.9' });
    expect(mail.subject).toBe('重設您的密碼');
    expect(mail.text).toMatch(/^.+，您好：/);
    expect(mail.html).toContain('<html lang="zh-Hant">');
    const english = await createUser(ctx);
    expect((await requestReset(english.email, { 'accept-language': 'fr' })).mail.subject).toBe(
      'Reset your password',
    );
  });

  it("takes the request's language from the language cookie before Accept-Language, as pages do", async () => {
    const user = await createUser(ctx);
    const { mail } = await requestReset(user.email, {
      cookie: 'i18next=es',
      'accept-language': 'zh-TW,zh;q=0.9',
    });
    expect(mail.subject).toBe('Restablezca su contraseña');
  });

  it('stores only a hash of the token', async () => {
    const user = await createUser(ctx);
    const { token } = await requestReset(user.email);
    const rows = await ctx.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(token);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0]!.usedAt).toBeNull();
  });
});

describe('GET and PATCH /api/passwords/{token}', () => {
  it('answers 200 for a valid token and 404 for an unknown or malformed one', async () => {
    const user = await createUser(ctx);
    const { token } = await requestReset(user.email);
    const valid = await check(token);
    expect(valid.statusCode).toBe(200);

    // Same shape, one character changed.
    const other = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await check(other)).statusCode).toBe(404);
    expect((await check('short')).statusCode).toBe(404);
    expect((await check('..%2f..%2fetc%2fpasswd')).statusCode).toBe(404);
    expect((await reset(other, 'goodpass123')).statusCode).toBe(404);
  });

  it('answers 410 for an expired token, for GET and PATCH, and leaves the password alone', async () => {
    const user = await createUser(ctx);
    const { token } = await requestReset(user.email);
    await ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const expired = await check(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ status: 410, message: 'This password reset link has expired.' });
    expect((await reset(token, 'another123')).statusCode).toBe(410);
    expect((await tryLogin(user.email, PASSWORD)).statusCode).toBe(200);
    expect((await tryLogin(user.email, 'another123')).statusCode).toBe(422);
  });

  it('refuses a weak password with the rule message, keeping the token usable', async () => {
    const user = await createUser(ctx);
    const { token } = await requestReset(user.email);
    const weak = await reset(token, 'weak');
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toEqual({
      status: 422,
      errors: [{ path: 'password', message: PASSWORD_RULE, code: 'password_rule' }],
    });
    expect((await check(token)).statusCode).toBe(200);
  });

  it('sets the new password once: the token is used up, the new password logs in, every old session ends', async () => {
    const user = await createUser(ctx);
    const oldSession = await login(ctx, user.email);
    const otherSession = await login(ctx, user.email);
    const { token } = await requestReset(user.email);

    const done = await reset(token, 'fresh-start-9');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ status: 200, message: 'Your new password has been saved.' });
    expect(done.headers['set-cookie']).toBeUndefined();

    expect((await check(token)).statusCode).toBe(404);
    expect((await reset(token, 'second-try-9')).statusCode).toBe(404);

    expect((await tryLogin(user.email, PASSWORD)).statusCode).toBe(422);
    expect((await tryLogin(user.email, 'second-try-9')).statusCode).toBe(422);
    expect((await tryLogin(user.email, 'fresh-start-9')).statusCode).toBe(200);

    expect((await me(oldSession)).statusCode).toBe(204);
    expect((await me(otherSession)).statusCode).toBe(204);
  });

  it('a reset revokes every other link the user still has', async () => {
    const user = await createUser(ctx);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect(first.token).not.toBe(second.token);
    expect((await reset(first.token, 'first-pass-1')).statusCode).toBe(200);
    expect((await check(second.token)).statusCode).toBe(404);
    expect((await reset(second.token, 'second-pass-2')).statusCode).toBe(404);
    expect((await tryLogin(user.email, 'first-pass-1')).statusCode).toBe(200);
    // Another user's link is not touched.
    const other = await createUser(ctx);
    const theirs = await requestReset(other.email);
    expect((await reset((await requestReset(user.email)).token, 'third-pass-3')).statusCode).toBe(200);
    expect((await check(theirs.token)).statusCode).toBe(200);
  });

  it('checks the link before hashing the new password: a bad link costs no argon2 hash', async () => {
    const user = await createUser(ctx);
    const { token } = await requestReset(user.email);
    const hashes = vi.mocked(hashPassword);
    hashes.mockClear();
    const unknown = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await reset(unknown, 'goodpass123')).statusCode).toBe(404);
    expect(hashes).not.toHaveBeenCalled();

    expect((await reset(token, 'goodpass123')).statusCode).toBe(200);
    expect(hashes).toHaveBeenCalledTimes(1);
    hashes.mockClear();
    // Used up: 404, and still no hash.
    expect((await reset(token, 'goodpass456')).statusCode).toBe(404);
    expect(hashes).not.toHaveBeenCalled();

    const { token: late } = await requestReset(user.email);
    await ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, createHash('sha256').update(late).digest('hex')));
    expect((await reset(late, 'goodpass789')).statusCode).toBe(410);
    expect(hashes).not.toHaveBeenCalled();
  });
});

describe('reset links end when the account changes on My Account', () => {
  const change = (id: number, cookie: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: { cookie }, payload });

  it('a new password revokes the outstanding links', async () => {
    const user = await createUser(ctx);
    const cookie = await login(ctx, user.email);
    const { token } = await requestReset(user.email);
    const response = await change(user.id, cookie, { password: 'changed-pass-1', currentPassword: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect((await check(token)).statusCode).toBe(404);
    expect((await reset(token, 'attacker-pass-1')).statusCode).toBe(404);
    expect((await tryLogin(user.email, 'changed-pass-1')).statusCode).toBe(200);
  });

  it('a new e-mail address revokes the outstanding links', async () => {
    const user = await createUser(ctx);
    const cookie = await login(ctx, user.email);
    const { token } = await requestReset(user.email);
    const email = `moved-${user.id}@example.org`;
    const response = await change(user.id, cookie, { email, currentPassword: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect((await check(token)).statusCode).toBe(404);
    expect((await reset(token, 'attacker-pass-1')).statusCode).toBe(404);
    expect((await tryLogin(email, PASSWORD)).statusCode).toBe(200);
  });

  it('other changes (a name, the same e-mail again) leave the links alone', async () => {
    const user = await createUser(ctx);
    const cookie = await login(ctx, user.email);
    const { token } = await requestReset(user.email);
    const response = await change(user.id, cookie, { firstName: 'Renamed', email: user.email, password: '' });
    expect(response.statusCode).toBe(200);
    expect((await check(token)).statusCode).toBe(200);
  });
});

describe('expiry from PASSWORD_RESET_TTL_SECONDS', () => {
  let short: TestContext;
  beforeAll(async () => {
    short = await createTestApp({ PASSWORD_RESET_TTL_SECONDS: '1' });
  });
  afterAll(() => short.close());

  it('stores an expiry TTL seconds ahead, and the link is 410 once it has passed', async () => {
    const user = await createUser(short);
    const before = Date.now();
    const response = await short.app.inject({
      method: 'POST',
      url: '/api/passwords',
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(202);
    const [row] = await short.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    const ttl = row!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1000 + 2000);

    const file = fs.readdirSync(path.join(short.dataDir, 'outbox'))[0]!;
    const mail = parseEml(fs.readFileSync(path.join(short.dataDir, 'outbox', file), 'utf8'));
    const token = /passwords\/reset\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect(mail.text).toContain('expires in 1 hour.');
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, row!.expiresAt.getTime() - Date.now() + 50)),
    );
    const expired = await short.app.inject({ method: 'GET', url: `/api/passwords/${token}` });
    expect(expired.statusCode).toBe(410);
  });
});
