import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import type { Message } from '../services/mail.ts';
import { createTestApp, createUser, login, PASSWORD, type TestContext, uniqueEmail } from './helpers.ts';

const PASSWORD_RULE = 'Minimum eight characters, at least one letter and one number.';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A plain user and a session cookie for them. */
async function signedIn() {
  const user = await createUser(ctx);
  return { ...user, cookie: await login(ctx, user.email) };
}

const update = (
  method: 'PATCH' | 'PUT',
  id: number | string,
  payload: Record<string, unknown>,
  cookie?: string,
) => ctx.app.inject({ method, url: `/api/users/${id}`, headers: cookie ? { cookie } : {}, payload });

const me = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });

const tryLogin = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

const rowOf = async (id: number) => (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe.each(['PATCH', 'PUT'] as const)('%s /api/users/{id}', (method) => {
  it('updates first name, last name and e-mail and answers the updated user', async () => {
    const user = await signedIn();
    const email = uniqueEmail('renamed');
    const response = await update(
      method,
      user.id,
      { firstName: ' Grace ', lastName: 'Hopper', email: email.toUpperCase(), currentPassword: PASSWORD },
      user.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      isAdmin: false,
      role: 'user',
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      picture: null,
      pictureUrl: null,
    });
    expect(response.body).not.toMatch(/password|hash/i);
    expect((await me(user.cookie)).json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email });
    // The new e-mail is the one that logs in now.
    expect((await tryLogin(email, PASSWORD)).statusCode).toBe(200);
    expect((await tryLogin(user.email, PASSWORD)).statusCode).toBe(422);
  });

  it('keeps the password when it is sent empty (the account form sends it empty)', async () => {
    const user = await signedIn();
    const before = (await rowOf(user.id)).passwordHash;
    const response = await update(
      method,
      user.id,
      { firstName: 'Same', lastName: 'Password', email: user.email, password: '' },
      user.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect((await rowOf(user.id)).passwordHash).toBe(before);
    expect((await tryLogin(user.email, PASSWORD)).statusCode).toBe(200);
    expect((await me(user.cookie)).statusCode).toBe(200);
  });

  it('sets a new password: it logs in, the old one does not, and the other sessions end', async () => {
    const user = await signedIn();
    const other = await login(ctx, user.email);
    const response = await update(
      method,
      user.id,
      { password: 'brandnew42', currentPassword: PASSWORD },
      user.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/brandnew42|argon2/);

    expect((await tryLogin(user.email, PASSWORD)).statusCode).toBe(422);
    expect((await tryLogin(user.email, 'brandnew42')).statusCode).toBe(200);
    // The session that changed it stays signed in; the other one is gone.
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(204);
  });

  it.each([
    ['too short', 'abc12'],
    ['too short and no number', 'abc'],
    ['no number', 'lettersonly'],
    ['no letter', '1234567890'],
  ])('refuses a weak password (%s) with the rule message and keeps the old one', async (_label, password) => {
    const user = await signedIn();
    const response = await update(method, user.id, { password, currentPassword: PASSWORD }, user.cookie);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 422,
      errors: [{ path: 'password', message: PASSWORD_RULE, code: 'password_rule' }],
    });
    expect((await tryLogin(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an e-mail another account has, on the email field', async () => {
    const user = await signedIn();
    const taken = await createUser(ctx);
    const response = await update(
      method,
      user.id,
      { email: taken.email.toUpperCase(), currentPassword: PASSWORD },
      user.cookie,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 422,
      errors: [{ path: 'email', message: 'is already taken', code: 'email_taken' }],
    });
    expect((await rowOf(user.id)).email).toBe(user.email);
  });

  it('refuses a malformed e-mail and an empty first name per field', async () => {
    const user = await signedIn();
    const response = await update(method, user.id, { email: 'not-an-email', firstName: '  ' }, user.cookie);
    expect(response.statusCode).toBe(422);
    const paths = response.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'firstName']));
    expect((await rowOf(user.id)).firstName).toBe('Uma');
  });

  it('ignores isAdmin (and other read-only fields) in the body', async () => {
    const user = await signedIn();
    const response = await update(
      method,
      user.id,
      { isAdmin: true, id: user.id + 1000, pictureUrl: '/uploads/x', firstName: 'Eve' },
      user.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      isAdmin: false,
      firstName: 'Eve',
      pictureUrl: null,
    });
    expect((await rowOf(user.id)).role).toBe('user');
  });

  it("refuses another user's id with 403 and changes nothing", async () => {
    const user = await signedIn();
    const victim = await createUser(ctx);
    const response = await update(
      method,
      victim.id,
      { firstName: 'Mallory', password: 'takeover99', email: uniqueEmail('evil') },
      user.cookie,
    );
    expect(response.statusCode).toBe(403);
    const row = await rowOf(victim.id);
    expect(row).toMatchObject({ firstName: 'Uma', email: victim.email });
    expect((await tryLogin(victim.email, PASSWORD)).statusCode).toBe(200);
  });

  it("even an administrator may not change another user's account", async () => {
    const admin = await createUser(ctx, { admin: true });
    const cookie = await login(ctx, admin.email);
    const victim = await createUser(ctx);
    const response = await update(method, victim.id, { firstName: 'Changed' }, cookie);
    expect(response.statusCode).toBe(403);
    expect((await rowOf(victim.id)).firstName).toBe('Uma');
  });

  it('answers 401 to anonymous requests', async () => {
    const victim = await createUser(ctx);
    const response = await update(method, victim.id, { firstName: 'Anon' });
    expect(response.statusCode).toBe(401);
    expect((await rowOf(victim.id)).firstName).toBe('Uma');
  });

  // Documented behaviour: a well-formed id that is not yours (whether or not it exists) is 403, so the
  // answer does not reveal which accounts exist; a malformed id is 404 like anywhere else (docs/product.md R79).
  it('answers 403 for an unknown well-formed id and 404 for a malformed one', async () => {
    const user = await signedIn();
    expect((await update(method, 2_000_000_000, { firstName: 'X' }, user.cookie)).statusCode).toBe(403);
    expect((await update(method, 'abc', { firstName: 'X' }, user.cookie)).statusCode).toBe(404);
    expect((await update(method, '-1', { firstName: 'X' }, user.cookie)).statusCode).toBe(404);
    expect((await update(method, '99999999999', { firstName: 'X' }, user.cookie)).statusCode).toBe(404);
  });
});

describe('GET /api/users/{id}', () => {
  it("answers one's own account and refuses anyone else's", async () => {
    const user = await signedIn();
    const other = await createUser(ctx);
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}`,
      headers: { cookie: user.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: user.id, email: user.email });
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${other.id}`,
      headers: { cookie: user.cookie },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain(other.email);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/users/${user.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('account language', () => {
  it('stores a language chosen in the account form', async () => {
    const user = await signedIn();
    const response = await update('PATCH', user.id, { language: 'zh' }, user.cookie);
    expect(response.statusCode).toBe(200);
    expect((await rowOf(user.id)).language).toBe('zh');
    const bad = await update('PATCH', user.id, { language: 'fr' }, user.cookie);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].path).toBe('language');
  });
});

describe('proof for a new e-mail address or password (currentPassword)', () => {
  const sent: Message[] = [];
  let mailing: TestContext;
  beforeAll(async () => {
    mailing = await createTestApp(
      {},
      {
        mailer: {
          send: async (message) => {
            sent.push(message);
            return {};
          },
        },
      },
    );
  });
  afterAll(() => mailing.close());

  async function account(app = mailing) {
    const user = await createUser(app);
    return { ...user, cookie: await login(app, user.email) };
  }
  const change = (
    app: TestContext,
    method: 'PATCH' | 'PUT',
    user: { id: number; cookie: string },
    payload: Record<string, unknown>,
  ) => app.app.inject({ method, url: `/api/users/${user.id}`, headers: { cookie: user.cookie }, payload });
  const stored = async (app: TestContext, id: number) =>
    (await app.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it.each(['PATCH', 'PUT'] as const)(
    '%s: a new e-mail or password without the current password, or with a wrong one, is 422 on currentPassword',
    async (method) => {
      const user = await account();
      const before = await stored(mailing, user.id);
      const cases: [Record<string, unknown>, string][] = [
        [{ email: uniqueEmail('stolen') }, 'is required'],
        [{ email: uniqueEmail('stolen'), currentPassword: '' }, 'is required'],
        [{ email: uniqueEmail('stolen'), currentPassword: 'wrong-pass-1' }, 'is not correct'],
        [{ password: 'takeover99' }, 'is required'],
        [{ password: 'takeover99', currentPassword: 'wrong-pass-1' }, 'is not correct'],
        [{ firstName: 'Mallory', password: 'takeover99', email: uniqueEmail('x') }, 'is required'],
      ];
      for (const [payload, message] of cases) {
        const response = await change(mailing, method, user, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(422);
        const code = message === 'is required' ? 'required' : 'incorrect_password';
        expect(response.json()).toEqual({
          status: 422,
          errors: [{ path: 'currentPassword', message, code }],
        });
      }
      // Nothing changed, nothing was sent.
      const after = await stored(mailing, user.id);
      expect(after).toMatchObject({
        email: before.email,
        passwordHash: before.passwordHash,
        firstName: 'Uma',
      });
      expect(sent.filter((m) => m.to === user.email)).toEqual([]);
      // With the right one, it goes through.
      const proven = await change(mailing, method, user, {
        password: 'proven-pass-1',
        currentPassword: PASSWORD,
      });
      expect(proven.statusCode).toBe(200);
      expect((await login(mailing, user.email, 'proven-pass-1')).length).toBeGreaterThan(0);
    },
  );

  it('names, the picture, the same e-mail (any case) and an empty password need no proof', async () => {
    const user = await account();
    const response = await change(mailing, 'PUT', user, {
      firstName: 'Nina',
      lastName: 'Newname',
      email: ` ${user.email.toUpperCase()} `,
      password: '',
      picture: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Nina', lastName: 'Newname', email: user.email });
  });

  it('a new e-mail address sends a notice to the old address, in the user language', async () => {
    const user = await account();
    const newEmail = uniqueEmail('moved');
    const response = await change(mailing, 'PATCH', user, { email: newEmail, currentPassword: PASSWORD });
    expect(response.statusCode).toBe(200);
    const notices = sent.filter((m) => m.to === user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ subject: 'Your e-mail address was changed' });
    expect(notices[0]!.text).toContain('Hello Uma,');
    expect(notices[0]!.text).toContain(newEmail);
    expect(notices[0]!.html).toContain(newEmail);
    // Nothing goes to the new address, and no notice when the address stays the same.
    expect(sent.filter((m) => m.to === newEmail)).toEqual([]);
    const renamed = await change(mailing, 'PATCH', user, { firstName: 'Renamed', email: newEmail });
    expect(renamed.statusCode).toBe(200);
    expect(sent.filter((m) => m.to === newEmail)).toEqual([]);

    const spanish = await account();
    await mailing.database.db.update(users).set({ language: 'es' }).where(eq(users.id, spanish.id));
    await change(mailing, 'PATCH', spanish, { email: uniqueEmail('movido'), currentPassword: PASSWORD });
    const aviso = sent.find((m) => m.to === spanish.email)!;
    expect(aviso.subject).toBe('Se cambió su dirección de correo electrónico');
    expect(aviso.html).toContain('lang="es"');
    expect(aviso.text).toMatch(/^Hola, .+:/);

    const chinese = await account();
    await mailing.database.db.update(users).set({ language: 'zh' }).where(eq(users.id, chinese.id));
    await change(mailing, 'PATCH', chinese, { email: uniqueEmail('zh'), currentPassword: PASSWORD });
    const notice = sent.find((m) => m.to === chinese.email)!;
    expect(notice.subject).toBe('您的電郵地址已更改');
    expect(notice.text).toMatch(/^.+，您好：/);
    // Traditional Chinese, as markup names it; `zh` stays the stored code.
    expect(notice.html).toContain('<html lang="zh-Hant">');
  });

  it('the change is saved even when the notice cannot be sent', async () => {
    const failing = await createTestApp(
      {},
      {
        mailer: {
          send: async () => {
            throw new Error('mail server down');
          },
        },
      },
    );
    try {
      const user = await account(failing);
      const newEmail = uniqueEmail('anyway');
      const response = await change(failing, 'PATCH', user, { email: newEmail, currentPassword: PASSWORD });
      expect(response.statusCode).toBe(200);
      expect((await stored(failing, user.id)).email).toBe(newEmail);
    } finally {
      await failing.close();
    }
  });

  describe('rate limit on e-mail and password changes', () => {
    let limited: TestContext;
    beforeAll(async () => {
      limited = await createTestApp({ RATE_LIMIT_AUTH_MAX: '3' });
    });
    afterAll(() => limited.close());

    it('probing which addresses are taken is 429 after RATE_LIMIT_AUTH_MAX tries, PATCH and PUT together, per user', async () => {
      const user = await account(limited);
      const taken = await createUser(limited);
      const probe = (method: 'PATCH' | 'PUT') =>
        change(limited, method, user, { email: taken.email, currentPassword: PASSWORD });
      expect((await probe('PATCH')).statusCode).toBe(422);
      expect((await probe('PUT')).statusCode).toBe(422);
      expect((await probe('PATCH')).statusCode).toBe(422);
      const refused = await probe('PUT');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        status: 429,
        message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds and try again\.$/),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Guessing the current password is limited the same way.
      const guess = await change(limited, 'PATCH', user, {
        password: 'guessing-1',
        currentPassword: 'guess-1',
      });
      expect(guess.statusCode).toBe(429);
      // Other changes still go through, and other users are not affected.
      expect((await change(limited, 'PATCH', user, { firstName: 'Still' })).statusCode).toBe(200);
      const other = await account(limited);
      const theirs = await change(limited, 'PATCH', other, { email: taken.email, currentPassword: PASSWORD });
      expect(theirs.statusCode).toBe(422);
      expect(theirs.json().errors[0].path).toBe('email');
    });
  });
});
