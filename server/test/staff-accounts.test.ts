/**
 * Staff accounts for administrators (docs/product.md R580–R589): the list, invitations by e-mail and
 * their one-time links, role and partner changes, deactivation that ends sessions at once, the last
 * administrator kept, every change in the account's events, and no link in the logs.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#shared/roles.ts';
import type { StaffAccount } from '#shared/schemas/staff-accounts.ts';
import { buildNutritionPartner } from '#testing/factories.ts';
import { accountEvents, mailOutbox, passwordResets, users } from '../db/schema.ts';
import { hashPassword } from '../services/accounts.ts';
import { createTestApp, createUser, login, PASSWORD, type TestContext, uniqueEmail } from './helpers.ts';

let ctx: TestContext;
const logLines: string[] = [];
let admin: { id: number; email: string; cookie: string };
let partnerId: number;

beforeAll(async () => {
  ctx = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => logLines.push(line) } });
  const made = await createUser(ctx, { admin: true });
  admin = { ...made, cookie: await login(ctx, made.email) };
  const partner = await ctx.app.inject({
    method: 'POST',
    url: '/api/nutritionpartners',
    headers: { cookie: admin.cookie },
    payload: buildNutritionPartner(),
  });
  partnerId = partner.json().id;
});
afterAll(() => ctx.close());

/** An account of a role, made in the database, signed in. */
async function signedIn(role: Role) {
  const email = uniqueEmail(role);
  const [row] = await ctx.database.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(PASSWORD), firstName: 'Sam', lastName: 'Staff', role })
    .returning({ id: users.id });
  return { id: row!.id, email, cookie: await login(ctx, email) };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });

const invite = (payload: object, cookie = admin.cookie) =>
  call('POST', '/api/users/invitations', cookie, payload);
const access = (id: number, payload: object, cookie = admin.cookie) =>
  call('PATCH', `/api/users/${id}/access`, cookie, payload);
const tryLogin = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const actionsOf = async (id: number) =>
  (await ctx.database.db.select().from(accountEvents).where(eq(accountEvents.userId, id))).map(
    (e) => e.action,
  );

/** The token in the newest queued e-mail to `to`, and the e-mail. */
async function queuedLink(to: string) {
  const [mail] = await ctx.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const token = /http:\/\/meals\.test\/invitation\/([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '')?.[1];
  expect(token).toBeDefined();
  return { token: token!, mail: mail! };
}

const newPerson = (role: Role = 'editor', extra: object = {}) => ({
  email: uniqueEmail('invitee'),
  firstName: 'Ines',
  lastName: 'Invitee',
  role,
  ...extra,
});

describe('invitations', () => {
  it('invites: the account is pending, the e-mail is queued with a link that sets a password once', async () => {
    const person = newPerson('editor');
    const response = await invite(person);
    expect(response.statusCode).toBe(201);
    const account: StaffAccount = response.json();
    expect(account).toMatchObject({
      email: person.email,
      role: 'editor',
      invitationPending: true,
      active: true,
    });
    expect(Date.parse(account.invitationExpiresAt!)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    // No password works before the invitation is accepted.
    expect((await tryLogin(person.email, PASSWORD)).statusCode).toBe(422);
    const { token, mail } = await queuedLink(person.email);
    expect(mail.subject).toBe('Your Community Meal Sites account');
    expect(mail.textBody).toContain('as an editor');
    expect((await call('GET', `/api/passwords/${token}`)).statusCode).toBe(200);
    expect(
      (await call('PATCH', `/api/passwords/${token}`, undefined, { password: 'first-pass-1' })).statusCode,
    ).toBe(200);
    expect(
      (await call('PATCH', `/api/passwords/${token}`, undefined, { password: 'again-pass-2' })).statusCode,
    ).toBe(404);
    expect((await tryLogin(person.email, 'first-pass-1')).statusCode).toBe(200);
    expect((await tryLogin(person.email, 'again-pass-2')).statusCode).toBe(422);
    const listed = (await call('GET', '/api/users', admin.cookie)).json() as StaffAccount[];
    const now = listed.find((a) => a.id === account.id)!;
    expect(now).toMatchObject({ invitationPending: false, invitationExpiresAt: null });
    expect(now.lastSignInAt).not.toBeNull();
    expect(await actionsOf(account.id)).toEqual(expect.arrayContaining(['invited', 'invitation_accepted']));
  });

  it('refuses an expired invitation link with 410', async () => {
    const person = newPerson('user');
    const { id } = (await invite(person)).json();
    const { token } = await queuedLink(person.email);
    await ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, id));
    expect(
      (await call('PATCH', `/api/passwords/${token}`, undefined, { password: 'late-pass-1' })).statusCode,
    ).toBe(410);
  });

  it('an address in use is a 422 on email; a partner manager needs existing partners', async () => {
    const taken = await invite(newPerson('editor', { email: admin.email }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual([expect.objectContaining({ path: 'email', code: 'email_taken' })]);
    const none = await invite(newPerson('partner'));
    expect(none.json().errors).toEqual([expect.objectContaining({ path: 'partnerIds', code: 'required' })]);
    const unknown = await invite(newPerson('partner', { partnerIds: [999_999] }));
    expect(unknown.json().errors).toEqual([
      expect.objectContaining({ path: 'partnerIds', code: 'unknown_ids' }),
    ]);
    const ok = await invite(newPerson('partner', { partnerIds: [partnerId] }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().partnerIds).toEqual([partnerId]);
    // Another role keeps no partners.
    expect((await invite(newPerson('editor', { partnerIds: [partnerId] }))).json().partnerIds).toEqual([]);
  });

  it('resend: a new link, the old one dead; 409 once the account has a password', async () => {
    const person = newPerson('editor');
    const { id } = (await invite(person)).json();
    const first = await queuedLink(person.email);
    expect((await call('POST', `/api/users/${id}/invitation`, admin.cookie)).statusCode).toBe(200);
    const second = await queuedLink(person.email);
    expect(second.token).not.toBe(first.token);
    expect((await call('GET', `/api/passwords/${first.token}`)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/passwords/${second.token}`, undefined, { password: 'second-pass-2' }))
        .statusCode,
    ).toBe(200);
    const again = await call('POST', `/api/users/${id}/invitation`, admin.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('has_password');
    expect(await actionsOf(id)).toContain('invitation_resent');
  });

  it('revoke: the link dies and the account is deactivated; inviting the address again brings it back', async () => {
    const person = newPerson('editor');
    const { id } = (await invite(person)).json();
    const { token } = await queuedLink(person.email);
    const revoked = await call('DELETE', `/api/users/${id}/invitation`, admin.cookie);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({
      active: false,
      invitationPending: true,
      invitationExpiresAt: null,
    });
    expect((await call('GET', `/api/passwords/${token}`)).statusCode).toBe(404);
    const back = await invite({ ...person, role: 'user' });
    expect(back.statusCode).toBe(201);
    expect(back.json()).toMatchObject({ id, active: true, role: 'user' });
    expect(await actionsOf(id)).toEqual(expect.arrayContaining(['invited', 'invitation_revoked']));
    expect((await call('DELETE', `/api/users/${admin.id}/invitation`, admin.cookie)).statusCode).toBe(409);
  });

  it('never writes a link into the log', async () => {
    const person = newPerson('editor');
    await invite(person);
    const { token } = await queuedLink(person.email);
    await call('GET', `/invitation/${token}`);
    await call('GET', `/api/passwords/${token}`);
    const log = logLines.join('\n');
    expect(log).toContain('invitation e-mail queued');
    expect(log).toContain('/invitation/[redacted]');
    expect(log).not.toContain(token);
  });
});

describe('access', () => {
  it('changes role and partners, recorded with before and after', async () => {
    const someone = await signedIn('user');
    const made = await access(someone.id, { role: 'partner', partnerIds: [partnerId] });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ role: 'partner', partnerIds: [partnerId] });
    expect((await access(someone.id, { partnerIds: [] })).statusCode).toBe(422);
    expect((await access(someone.id, { role: 'editor' })).json()).toMatchObject({
      role: 'editor',
      partnerIds: [],
    });
    const events = await ctx.database.db
      .select()
      .from(accountEvents)
      .where(eq(accountEvents.userId, someone.id));
    expect(events.find((e) => e.action === 'role_changed')).toMatchObject({
      actorId: admin.id,
      detail: { from: 'user', to: 'partner' },
    });
    expect(events.find((e) => e.action === 'partners_changed')?.detail).toEqual({
      from: [],
      to: [partnerId],
    });
  });

  it('deactivation: the open session is 401 on its next request, sign-in refused; reactivation lets it in', async () => {
    const editor = await signedIn('editor');
    expect((await call('GET', '/api/users/me', editor.cookie)).statusCode).toBe(200);
    expect((await access(editor.id, { active: false })).json()).toMatchObject({ active: false });
    expect((await call('GET', `/api/users/${editor.id}`, editor.cookie)).statusCode).toBe(401);
    expect((await call('GET', '/api/workspace', editor.cookie)).statusCode).toBe(401);
    expect((await tryLogin(editor.email, PASSWORD)).statusCode).toBe(422);
    expect((await access(editor.id, { active: true })).json()).toMatchObject({ active: true });
    expect((await tryLogin(editor.email, PASSWORD)).statusCode).toBe(200);
    expect(await actionsOf(editor.id)).toEqual(expect.arrayContaining(['deactivated', 'reactivated']));
  });

  it('the last active administrator can be neither demoted nor deactivated', async () => {
    // Every other administrator is deactivated first, so `admin` is the last.
    const listed = (await call('GET', '/api/users', admin.cookie)).json() as StaffAccount[];
    for (const other of listed.filter((a) => a.role === 'admin' && a.active && a.id !== admin.id))
      expect((await access(other.id, { active: false })).statusCode).toBe(200);
    for (const change of [{ role: 'editor' }, { active: false }]) {
      const refused = await access(admin.id, change);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('last_admin');
    }
    // Two administrators demoting each other at once leave one.
    const second = await signedIn('admin');
    const [a, b] = await Promise.all([
      access(second.id, { role: 'editor' }, admin.cookie),
      access(admin.id, { role: 'editor' }, second.cookie),
    ]);
    // The loser is refused as the last administrator (409), or as no longer one (403) if it came second.
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = (await ctx.database.db.select().from(users).where(eq(users.role, 'admin'))).filter(
      (row) => row.deactivatedAt === null,
    );
    expect(admins).toHaveLength(1);
    // Put things back for the other tests: `admin` is an administrator again.
    if (admins[0]!.id !== admin.id) {
      await ctx.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    }
  });
});

describe('who may', () => {
  const ROUTES: [Method, string, object?][] = [
    ['GET', '/api/users'],
    [
      'POST',
      '/api/users/invitations',
      { email: 'x@example.org', firstName: 'X', lastName: 'Y', role: 'user' },
    ],
    ['POST', '/api/users/:id/invitation'],
    ['DELETE', '/api/users/:id/invitation'],
    ['PATCH', '/api/users/:id/access', { role: 'admin' }],
  ];

  it('answers 401 to nobody and 403 to editors, partner managers and users, changing nothing', async () => {
    const target = await signedIn('user');
    const callers = [await signedIn('editor'), await signedIn('partner'), await signedIn('user')];
    for (const [method, path, body] of ROUTES) {
      const url = path.replace(':id', String(target.id));
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${path}`).toBe(401);
      for (const caller of callers)
        expect((await call(method, url, caller.cookie, body)).statusCode, `${method} ${path}`).toBe(403);
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.role).toBe('user');
  });
});
