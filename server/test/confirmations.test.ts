/**
 * Confirmations (docs/product.md R170, R171): staff record that a site's facts were checked. The site
 * answers carry `confirmedAt`; the version stays, so an edit begun before still saves.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '#testing/factories.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof signInRoles>>;
const NOW = new Date('2026-11-24T18:30:00.000Z');

beforeAll(async () => {
  ctx = await createTestApp({ STALE_AFTER_DAYS: '90' }, { now: () => NOW });
  roles = await signInRoles(ctx);
});
afterAll(() => ctx.close());

const as = (cookie: string, options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { cookie, ...options.headers } });
const asAdmin = (options: InjectOptions) => as(roles.admin.cookie, options);

async function newSite() {
  const response = await asAdmin({ method: 'POST', url: '/api/sites', payload: buildSite() });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; version: number; updatedAt: string; confirmedAt: string | null };
}

const confirm = (id: number, payload: object, cookie = roles.admin.cookie) =>
  as(cookie, { method: 'POST', url: `/api/sites/${id}/confirmations`, payload });

describe('POST /api/sites/{id}/confirmations', () => {
  it('a new site has never been confirmed', async () => {
    const site = await newSite();
    expect(site.confirmedAt).toBeNull();
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}` });
    expect(detail.json().confirmedAt).toBeNull();
  });

  it('answers 201 with the site: confirmedAt is now, the version and updatedAt stay', async () => {
    const site = await newSite();
    const response = await confirm(site.id, { method: 'phone', note: 'Spoke with the manager' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ id: site.id, version: site.version, updatedAt: site.updatedAt });
    expect(body.confirmedAt).toBe(NOW.toISOString());
  });

  it('the list and the detail show confirmedAt, even when they were read (cached) before', async () => {
    const site = await newSite();
    const listBefore = await ctx.app.inject({ method: 'GET', url: '/api/sites' });
    const detailBefore = await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}` });
    expect(listBefore.json().find((s: { id: number }) => s.id === site.id).confirmedAt).toBeNull();
    expect(detailBefore.json().confirmedAt).toBeNull();

    expect((await confirm(site.id, { method: 'visit' })).statusCode).toBe(201);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/sites' });
    expect(list.json().find((s: { id: number }) => s.id === site.id).confirmedAt).toBe(NOW.toISOString());
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}` });
    expect(detail.json().confirmedAt).toBe(NOW.toISOString());
    expect(detail.headers.etag).not.toBe(detailBefore.headers.etag);
  });

  it('records a "confirm" history entry with the method, the note and the user', async () => {
    const site = await newSite();
    await confirm(site.id, { method: 'email', note: '  Replied to our e-mail  ' });
    await confirm(site.id, { method: 'other' });
    const history = await asAdmin({ method: 'GET', url: `/api/sites/${site.id}/history` });
    const entries = history.json() as { action: string; changes: unknown; user: { id: number } | null }[];
    expect(entries.map((e) => e.action)).toEqual(['confirm', 'confirm', 'create']);
    expect(entries[0]).toMatchObject({
      changes: { method: 'other', note: null },
      user: { id: roles.admin.id },
    });
    expect(entries[1]).toMatchObject({ changes: { method: 'email', note: 'Replied to our e-mail' } });
  });

  it('an edit made with the version read before the confirmation still saves, and keeps confirmedAt', async () => {
    const site = await newSite();
    expect((await confirm(site.id, { method: 'phone' })).statusCode).toBe(201);
    const edit = await asAdmin({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      payload: { name: 'Renamed After Confirmation Hall', version: site.version },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ version: site.version + 1, confirmedAt: NOW.toISOString() });
  });

  it('401 signed out, 403 for a non-admin; nothing is recorded', async () => {
    const site = await newSite();
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/sites/${site.id}/confirmations`,
      payload: { method: 'phone' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await confirm(site.id, { method: 'phone' }, roles.user.cookie)).statusCode).toBe(403);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/sites/${site.id}` });
    expect(detail.json().confirmedAt).toBeNull();
  });

  it('404 for an unknown or malformed site id', async () => {
    expect((await confirm(999_999, { method: 'phone' })).statusCode).toBe(404);
    const malformed = await asAdmin({
      method: 'POST',
      url: '/api/sites/abc/confirmations',
      payload: { method: 'phone' },
    });
    expect(malformed.statusCode).toBe(404);
  });

  it('422 with codes for an unknown method, a missing method or a note over 500 characters', async () => {
    const site = await newSite();
    const bad = await confirm(site.id, { method: 'fax' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([expect.objectContaining({ path: 'method', code: 'invalid_choice' })]);
    const missing = await confirm(site.id, {});
    expect(missing.json().errors).toEqual([
      expect.objectContaining({ path: 'method', code: 'invalid_choice' }),
    ]);
    const long = await confirm(site.id, { method: 'phone', note: 'x'.repeat(501) });
    expect(long.json().errors).toEqual([
      expect.objectContaining({ path: 'note', code: 'too_long', params: { max: 500 } }),
    ]);
  });
});

describe('GET /api/config', () => {
  it('sends staleAfterDays from STALE_AFTER_DAYS', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toMatchObject({ staleAfterDays: 90 });
  });
});
