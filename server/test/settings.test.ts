/**
 * docs/product.md R609: an administrator reads the deployment settings the server runs with; a
 * secret's value never leaves the server; nobody else may read them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeploymentSetting } from '#shared/schemas/settings.ts';
import { createTestApp, createUser, login, type TestContext } from './helpers.ts';

const METRICS_TOKEN = 'metrics-token-that-must-stay-hidden';
const SMTP_URL = 'smtp://mailer:smtp-password-hidden@mail.example.org:587';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp({
    PARTNER_CHANGES: 'publish',
    METRICS_TOKEN,
    SMTP_URL,
    AGENCY_NAME: 'Meals Agency',
  });
  admin = await login(ctx, (await createUser(ctx, { admin: true })).email);
});
afterAll(() => ctx.close());

const read = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/settings', headers: cookie ? { cookie } : {} });

describe('the deployment settings (R609)', () => {
  it('answers every setting with its running value and whether it is the default', async () => {
    const response = await read(admin);
    expect(response.statusCode).toBe(200);
    const settings = new Map((response.json() as DeploymentSetting[]).map((s) => [s.name, s]));
    expect(settings.get('PARTNER_CHANGES')).toEqual({
      name: 'PARTNER_CHANGES',
      value: 'publish',
      secret: false,
      set: true,
      isDefault: false,
    });
    expect(settings.get('AGENCY_NAME')).toMatchObject({ value: 'Meals Agency', isDefault: false });
    expect(settings.get('INVITATION_TTL_SECONDS')).toMatchObject({ value: '604800', isDefault: true });
    expect(settings.get('REPORTS_EMAIL')).toMatchObject({ value: null, set: false, isDefault: true });
    expect(settings.size).toBeGreaterThan(60);
  });

  it('says a secret is set but never answers it', async () => {
    const response = await read(admin);
    for (const secret of [METRICS_TOKEN, 'smtp-password-hidden', 'mail.example.org'])
      expect(response.body).not.toContain(secret);
    const settings = new Map((response.json() as DeploymentSetting[]).map((s) => [s.name, s]));
    expect(settings.get('METRICS_TOKEN')).toMatchObject({ secret: true, set: true, value: null });
    expect(settings.get('SMTP_URL')).toMatchObject({ secret: true, set: true, value: null });
    expect(settings.get('SESSION_SECRET')).toMatchObject({ secret: true, set: false, value: null });
  });

  it('is for administrators only', async () => {
    expect((await read()).statusCode).toBe(401);
    for (const role of ['editor', 'partner', 'user'] as const) {
      const cookie = await login(ctx, (await createUser(ctx, { role })).email);
      expect((await read(cookie)).statusCode).toBe(403);
    }
  });
});
