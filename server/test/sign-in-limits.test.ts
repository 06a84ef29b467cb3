import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../db/schema.ts';
import { createTestApp, createUser, PASSWORD, type TestContext, uniqueEmail } from './helpers.ts';

const LIMIT = 10;
const PROXY = '127.0.0.1';

let ctx: TestContext;
beforeAll(async () => {
  // Behind a proxy on the same host, so each attempt can come from its own client address; the
  // per-address limit stays far above what one address sends here.
  ctx = await createTestApp({
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_AUTH_MAX: '5',
    SIGN_IN_FAILURES_PER_ACCOUNT: String(LIMIT),
  });
});
afterAll(() => ctx.close());

let address = 0;
/** One sign-in attempt from a client address never used before. */
const attempt = (email: string, password: string) => {
  address += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': `198.51.${Math.floor(address / 250)}.${(address % 250) + 1}` },
    payload: { email, password },
  });
};

async function statuses(email: string, count: number, password = 'wrong-password-1') {
  const found: number[] = [];
  for (let i = 0; i < count; i++) found.push((await attempt(email, password)).statusCode);
  return found;
}

const adminCookie = async () => {
  const admin = await createUser(ctx, { admin: true });
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: admin.email, password: PASSWORD },
  });
  return String(response.headers['set-cookie']).split(';')[0]!;
};

describe('sign-in limit per account (R540)', () => {
  it('refuses an account with 429 and a code after the limit of wrong passwords, whatever the address', async () => {
    const user = await createUser(ctx);
    const found = await statuses(user.email, 25);
    expect(found).toEqual([...Array(LIMIT).fill(422), ...Array(25 - LIMIT).fill(429)]);

    const refused = await attempt(user.email, 'wrong-password-1');
    expect(refused.json()).toMatchObject({
      status: 429,
      code: 'account_locked',
      message: expect.stringMatching(/wait 1 minute and try again, or reset your password/),
      params: { minutes: 1 },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses the right password while the account is locked, and sets no session', async () => {
    const user = await createUser(ctx);
    await statuses(user.email, LIMIT);
    const right = await attempt(user.email, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'account_locked' });
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('leaves another account alone', async () => {
    const locked = await createUser(ctx);
    const other = await createUser(ctx);
    await statuses(locked.email, LIMIT + 1);
    expect((await attempt(other.email, 'wrong-password-1')).statusCode).toBe(422);
    expect((await attempt(other.email, PASSWORD)).statusCode).toBe(200);
  });

  it('starts the count again after a successful sign-in before the limit', async () => {
    const user = await createUser(ctx);
    expect(await statuses(user.email, LIMIT - 1)).toEqual(Array(LIMIT - 1).fill(422));
    expect((await attempt(user.email, PASSWORD)).statusCode).toBe(200);
    expect(await statuses(user.email, LIMIT)).toEqual(Array(LIMIT).fill(422));
    expect((await attempt(user.email, PASSWORD)).statusCode).toBe(429);
  });

  it('counts and refuses an unknown e-mail the same way, and in any case or spacing', async () => {
    const unknown = uniqueEmail('nobody');
    const found = await statuses(` ${unknown.toUpperCase()} `, LIMIT + 2);
    expect(found).toEqual([...Array(LIMIT).fill(422), 429, 429]);
    expect((await attempt(unknown, 'wrong-password-1')).json()).toMatchObject({ code: 'account_locked' });
  });

  it('records the lock-out once on the account', async () => {
    const user = await createUser(ctx);
    await statuses(user.email, LIMIT + 3);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}/events`,
      headers: { cookie: await adminCookie() },
    });
    const actions = (response.json() as { action: string }[]).map((event) => event.action);
    expect(actions.filter((action) => action === 'sign_in_locked')).toHaveLength(1);
    expect(actions.filter((action) => action === 'sign_in_failed')).toHaveLength(LIMIT);
  });

  it('a password reset through the e-mailed link ends the lock-out', async () => {
    const user = await createUser(ctx);
    await statuses(user.email, LIMIT);
    expect((await attempt(user.email, PASSWORD)).statusCode).toBe(429);
    const token = randomBytes(32).toString('base64url');
    await ctx.database.db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const newPassword = 'a-new-password-2';
    const reset = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/passwords/${token}`,
      payload: { password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect((await attempt(user.email, newPassword)).statusCode).toBe(200);
  });
});
