/**
 * docs/product.md R48: no secret or hash in any answer or log line. The app runs with its production logger
 * (level trace, so every line the code can write is written) into a stream we keep; the test goes
 * through login, a failed login, registration, a password reset from request to completion, account
 * updates with a password, an upload that becomes the picture — and two real database failures on the
 * paths that carry a session id and a password hash — then looks for each secret in every log line
 * and every answer.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { createTestApp, createUser, login, TEST_SECRET, type TestContext } from './helpers.ts';

const lines: string[] = [];
const answers: LightMyRequestResponse[] = [];
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp(
    { LOG_LEVEL: 'trace', ALLOW_REGISTRATION: 'true' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(() => ctx.close());

async function call(options: InjectOptions) {
  const response = await ctx.app.inject(options);
  answers.push(response);
  return response;
}

/** The reset link's token from the newest e-mail in the outbox. */
function newestResetToken(): string {
  const outbox = path.join(ctx.dataDir, 'outbox');
  const newest = fs.readdirSync(outbox).sort().at(-1)!;
  const mail = fs.readFileSync(path.join(outbox, newest), 'utf8').replace(/=\r?\n/g, '');
  return /\/passwords\/reset\/([A-Za-z0-9_-]{43})/.exec(mail)![1]!;
}

const sessionIdOf = (cookie: string) => decodeURIComponent(cookie.slice('sid='.length)).split('.')[0]!;

describe('secrets never reach a log line or an answer', () => {
  it('holds through sign-in, reset, account changes, uploads and database failures', async () => {
    const secrets: Record<string, string> = { SESSION_SECRET: TEST_SECRET };

    // Sign-in, and a wrong password.
    const user = await createUser(ctx, { password: 'first-Secret-11' });
    secrets.firstPassword = 'first-Secret-11';
    const wrong = await call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'wrong-Guess-22' },
    });
    expect(wrong.statusCode).toBe(422);
    secrets.wrongPassword = 'wrong-Guess-22';
    let cookie = await login(ctx, user.email, 'first-Secret-11');
    secrets.cookie = cookie.slice('sid='.length);
    secrets.sessionId = sessionIdOf(cookie);
    expect((await call({ method: 'GET', url: '/api/users/me', headers: { cookie } })).statusCode).toBe(200);

    // Registration.
    const registered = await call({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'Rita',
        lastName: 'Registered',
        email: 'rita.secrets@example.org',
        password: 'register-Secret-33',
      },
    });
    expect(registered.statusCode).toBe(201);
    secrets.registerPassword = 'register-Secret-33';

    // A password reset, from the request to the new password.
    expect(
      (await call({ method: 'POST', url: '/api/passwords', payload: { email: user.email } })).statusCode,
    ).toBe(202);
    const token = newestResetToken();
    secrets.resetToken = token;
    expect((await call({ method: 'GET', url: `/api/passwords/${token}` })).statusCode).toBe(200);
    const reset = await call({
      method: 'PATCH',
      url: `/api/passwords/${token}`,
      payload: { password: 'reset-Secret-44' },
    });
    expect(reset.statusCode).toBe(200);
    secrets.resetPassword = 'reset-Secret-44';
    // A used link, and a page visit carrying it.
    expect((await call({ method: 'GET', url: `/api/passwords/${token}` })).statusCode).toBe(404);
    await call({ method: 'GET', url: `/passwords/reset/${token}` });

    // Account changes with a password (PATCH and PUT).
    cookie = await login(ctx, user.email, 'reset-Secret-44');
    secrets.secondCookie = cookie.slice('sid='.length);
    secrets.secondSessionId = sessionIdOf(cookie);
    // A wrong current password is refused, and not logged either.
    const wrongProof = await call({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: { cookie },
      payload: { password: 'account-Secret-55', currentPassword: 'wrong-Current-88' },
    });
    expect(wrongProof.statusCode).toBe(422);
    secrets.wrongCurrentPassword = 'wrong-Current-88';
    for (const [method, password, currentPassword] of [
      ['PATCH', 'account-Secret-55', 'reset-Secret-44'],
      ['PUT', 'account-Secret-66', 'account-Secret-55'],
    ] as const) {
      const response = await call({
        method,
        url: `/api/users/${user.id}`,
        headers: { cookie },
        payload: { firstName: 'Changed', password, currentPassword },
      });
      expect(response.statusCode).toBe(200);
      secrets[`${method}Password`] = password;
    }
    // A refused password (too weak) is not logged either.
    const weak = await call({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: { cookie },
      payload: { password: 'weakweak' },
    });
    expect(weak.statusCode).toBe(422);
    secrets.weakPassword = 'weakweak';

    // An upload that becomes the picture.
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#036' } })
      .png()
      .toBuffer();
    const asset = await call({
      method: 'POST',
      url: '/api/assets',
      headers: { cookie },
      payload: { blob: { filename: 'me.png', content_type: 'image/png', byte_size: png.length } },
    });
    const { signed_id, direct_upload } = asset.json() as {
      signed_id: string;
      direct_upload: { url: string; headers: Record<string, string> };
    };
    const put = await call({
      method: 'PUT',
      url: direct_upload.url,
      headers: { ...direct_upload.headers, cookie },
      payload: png,
    });
    expect(put.statusCode).toBe(204);
    const picture = await call({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: { cookie },
      payload: { picture: signed_id },
    });
    expect(picture.statusCode).toBe(200);

    // Database failures on the paths that carry secrets as query parameters. A failed query's error
    // names its parameters; logged as it is, it would print the session id and the password hash.
    const run = (sql: string) => ctx.database.db.execute(sql as never);
    await run('alter table sessions rename to sessions_away');
    try {
      const lookup = await call({ method: 'GET', url: '/api/users/me', headers: { cookie } });
      expect(lookup.statusCode).toBe(500);
    } finally {
      await run('alter table sessions_away rename to sessions');
    }
    await run('alter table users add constraint no_new_passwords check (false) not valid');
    try {
      const update = await call({
        method: 'PATCH',
        url: `/api/users/${user.id}`,
        headers: { cookie },
        payload: { password: 'failing-Secret-77', currentPassword: 'account-Secret-66' },
      });
      expect(update.statusCode).toBe(500);
      secrets.failingPassword = 'failing-Secret-77';
    } finally {
      await run('alter table users drop constraint no_new_passwords');
    }

    // Every stored hash is a secret too.
    const hashes = (await ctx.database.db.select({ hash: users.passwordHash }).from(users)).map(
      (row) => row.hash,
    );
    expect(hashes.length).toBeGreaterThanOrEqual(2);
    hashes.forEach((hash, i) => {
      secrets[`hash${i}`] = hash;
    });

    // The log was really written: requests, the reset e-mail, and both failures with their SQL.
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(30);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(log).toContain('"msg":"password reset e-mail sent"');
    expect(log).toContain('relation \\"sessions\\" does not exist');
    expect(log).toContain('violates check constraint \\"no_new_passwords\\"');
    expect(log).toContain('params: [redacted]');
    expect(log).toContain('"detail":"[redacted]"');

    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThanOrEqual(8);
      expect(log.includes(secret), `${name} in the log`).toBe(false);
      for (const answer of answers) {
        const text = `${JSON.stringify(answer.headers)}\n${answer.body}`;
        // The session cookie is of course set in the login answer's Set-Cookie, and nowhere else.
        if (name.toLowerCase().includes('cookie') || name.toLowerCase().includes('sessionid')) {
          expect(answer.body.includes(secret), `${name} in an answer body`).toBe(false);
        } else {
          expect(text.includes(secret), `${name} in an answer to ${answer.raw.req.url}`).toBe(false);
        }
      }
    }
    expect(log).not.toContain('$argon2id$');
    for (const answer of answers) expect(answer.body).not.toContain('$argon2');
  });
});
