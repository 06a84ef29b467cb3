/**
 * docs/product.md R640–R649: another publisher's HSDS 3.0 data brought in through the sheet import's
 * preview. The source is our own feed over the demo directory (a second app on its own database), read
 * into an empty installation as its datapackage.zip and as its API served on a local port; the
 * outbound rules are checked against a local server that redirects, answers too much or never answers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportPreview, ZIP_TYPE } from '#shared/imports.ts';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS } from '#shared/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { seedDemoData } from '../db/seed/demo.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

let source: TestContext;
let target: TestContext;
let cookies: Awaited<ReturnType<typeof signInRoles>>;
let sourceBase: string;
let fixed: http.Server;
let fixedBase: string;
const clock = new Date('2026-11-24T18:00:00Z');

const asAdmin = (options: InjectOptions) =>
  target.app.inject({ ...options, headers: { cookie: cookies.admin.cookie, ...options.headers } });
const uploadPackage = (bytes: Buffer | Uint8Array) =>
  asAdmin({
    method: 'POST',
    url: '/api/imports/hsds',
    payload: Buffer.from(bytes),
    headers: { 'content-type': ZIP_TYPE },
  });
const importUrl = (url: string) =>
  asAdmin({ method: 'POST', url: '/api/imports/hsds-url', payload: { url } });
const sitesOf = async (ctx: TestContext) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/sites' })).json() as Site[];

/** What an HSDS source carries of a site, in a form two installations can compare. */
const carried = (site: Site) => ({
  name: site.name,
  address: site.address,
  phoneNumber: site.phoneNumber,
  phoneExtension: site.phoneExtension,
  email: site.email,
  lat: site.lat,
  lng: site.lng,
  Hours: site.Hours,
  lists: Object.fromEntries(
    REFERENCE_LIST_NAMES.map((list) => [
      list,
      site[REFERENCE_LISTS[list].siteKey].map((item) => item.name).sort(),
    ]),
  ),
  languages: site.facts.languages ?? [],
});

beforeAll(async () => {
  source = await createTestApp({}, { now: () => clock });
  await seedDemoData(source.database.db);
  await source.app.listen({ port: 0, host: '127.0.0.1' });
  sourceBase = `http://127.0.0.1:${(source.app.server.address() as AddressInfo).port}`;
  target = await createTestApp({}, { now: () => clock });
  cookies = await signInRoles(target);
  // A server that misbehaves: redirects elsewhere or on itself, answers too much, or never answers.
  fixed = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/elsewhere/services')
      return response
        .writeHead(302, { location: `${sourceBase.replace('127.0.0.1', 'localhost')}/api/hsds/services` })
        .end();
    if (url.pathname === '/moved/services')
      return response.writeHead(301, { location: `/empty/services${url.search}` }).end();
    if (url.pathname === '/empty/services')
      return response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ contents: [], total_pages: 0, last_page: true }));
    if (url.pathname === '/big/services') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(`{"contents":[],"padding":"${'x'.repeat(64 * 1024)}"}`);
    }
    if (url.pathname === '/silent/services') return; // never answers
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => fixed.listen(0, '127.0.0.1', resolve));
  fixedBase = `http://127.0.0.1:${(fixed.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  fixed.closeAllConnections();
  await new Promise((resolve) => fixed.close(resolve));
  await target?.close();
  await source?.close();
});

describe('our own datapackage.zip into an empty installation (R641–R644)', () => {
  it('previews every site as new, lists what it cannot map, and reproduces the directory once committed', async () => {
    const zip = await source.app.inject({ method: 'GET', url: '/api/hsds/datapackage.zip' });
    expect(zip.statusCode).toBe(200);
    const response = await uploadPackage(zip.rawPayload);
    expect(response.statusCode, response.body).toBe(201);
    const preview = response.json() as ImportPreview;
    const sites = await sitesOf(source);
    expect(preview.summary).toEqual({ new: sites.length, changed: 0, unchanged: 0, errors: 0 });
    expect(preview.unmapped).toContainEqual({ what: 'service.description', count: sites.length });
    expect(preview.newItems.length).toBeGreaterThan(0);

    const committed = await asAdmin({
      method: 'POST',
      url: `/api/imports/${preview.id}/commit`,
      payload: {},
    });
    expect(committed.statusCode, committed.body).toBe(200);
    const imported = await sitesOf(target);
    expect(imported.map(carried)).toEqual(sites.map(carried));
    // A site without a website of its own is not given its page on the publisher's directory.
    expect(imported.filter((site) => site.website).length).toBe(sites.filter((site) => site.website).length);
  });

  it('a second import of the same package is "no changes": every row matched by its id', async () => {
    const zip = await source.app.inject({ method: 'GET', url: '/api/hsds/datapackage.zip' });
    const preview = (await uploadPackage(zip.rawPayload)).json() as ImportPreview;
    const count = (await sitesOf(source)).length;
    expect(preview.summary).toEqual({ new: 0, changed: 0, unchanged: count, errors: 0 });
  });

  it('a renamed site in the source is an update of the same site, not a new one', async () => {
    const [first] = await sitesOf(source);
    const sourceAdmin = await signInRoles(source);
    const renamed = await source.app.inject({
      method: 'PATCH',
      url: `/api/sites/${first!.id}`,
      payload: { name: `${first!.name} Center`, version: first!.version },
      headers: { cookie: sourceAdmin.admin.cookie },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const zip = await source.app.inject({ method: 'GET', url: '/api/hsds/datapackage.zip' });
    const preview = (await uploadPackage(zip.rawPayload)).json() as ImportPreview;
    expect(preview.summary).toMatchObject({ new: 0, changed: 1 });
    expect(preview.rows.find((row) => row.kind === 'changed')).toMatchObject({
      changes: [{ field: 'name', before: first!.name, after: `${first!.name} Center` }],
    });
    const committed = await asAdmin({
      method: 'POST',
      url: `/api/imports/${preview.id}/commit`,
      payload: {},
    });
    expect(committed.json()).toMatchObject({ created: [], updated: [expect.any(Number)] });
  });

  it('refuses a zip that is not an HSDS package, and other roles', async () => {
    const { zipSync, strToU8 } = await import('fflate');
    const notHsds = await uploadPackage(zipSync({ 'readme.txt': strToU8('hello') }));
    expect(notHsds.statusCode).toBe(422);
    expect(notHsds.json()).toMatchObject({ code: 'not_hsds' });
    const user = await target.app.inject({
      method: 'POST',
      url: '/api/imports/hsds-url',
      payload: { url: `${sourceBase}/api/hsds` },
      headers: { cookie: cookies.user.cookie },
    });
    expect(user.statusCode).toBe(403);
  });
});

describe('an HSDS API by its address (R645)', () => {
  it('reads every page and service of our own feed: the directory it already holds is "no changes"', async () => {
    const response = await importUrl(`${sourceBase}/api/hsds/`);
    expect(response.statusCode, response.body).toBe(201);
    const preview = response.json() as ImportPreview;
    const count = (await sitesOf(source)).length;
    // Another source (its ids are not known yet): every row matched by name and address.
    expect(preview.summary).toEqual({ new: 0, changed: 0, unchanged: count, errors: 0 });
    expect(preview.unmapped).toContainEqual({ what: 'service.description', count });
  });

  it('refuses a scheme other than http and https', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/api/hsds', 'not an address']) {
      const response = await importUrl(url);
      expect(response.statusCode, url).toBe(422);
      expect(response.json()).toMatchObject({ code: 'url_refused' });
    }
  });

  it('follows a redirect on the same host, and refuses one to another host', async () => {
    const moved = await importUrl(`${fixedBase}/moved`);
    expect(moved.json()).toMatchObject({ code: 'no_rows' });
    const elsewhere = await importUrl(`${fixedBase}/elsewhere`);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toMatchObject({ code: 'url_redirect' });
  });

  it('refuses answers over the size limit, and a server that does not answer in time', async () => {
    const config = target.config as { HSDS_IMPORT_MAX_BYTES: number; HSDS_IMPORT_TIMEOUT_MS: number };
    const saved = { ...config };
    try {
      config.HSDS_IMPORT_MAX_BYTES = 16 * 1024;
      const big = await importUrl(`${fixedBase}/big`);
      expect(big.statusCode).toBe(422);
      expect(big.json()).toMatchObject({ code: 'url_too_large' });
      config.HSDS_IMPORT_TIMEOUT_MS = 300;
      const silent = await importUrl(`${fixedBase}/silent`);
      expect(silent.statusCode).toBe(422);
      expect(silent.json()).toMatchObject({ code: 'url_too_slow', params: { seconds: 1 } });
    } finally {
      Object.assign(config, saved);
    }
  });
});

describe('merged sites (R640)', () => {
  it('after a merge, the merged site’s service updates the kept site instead of coming back', async () => {
    // Two sites whose costs can be merged (the merge keeps one site's values and fills in the other's).
    const all = await sitesOf(target);
    const plain = all.filter(
      (site) => site.facts.cost === undefined && site.facts.suggestedAmount === undefined,
    );
    const [keep, merged] = plain.length >= 2 ? plain : all.filter((site) => site.facts.cost === 'free');
    const response = await asAdmin({
      method: 'POST',
      url: `/api/sites/${keep!.id}/merge`,
      payload: { mergedId: merged!.id, version: keep!.version, mergedVersion: merged!.version },
    });
    expect(response.statusCode, response.body).toBe(200);
    const zip = await source.app.inject({ method: 'GET', url: '/api/hsds/datapackage.zip' });
    const preview = (await uploadPackage(zip.rawPayload)).json() as ImportPreview;
    // The merged site's row names the kept site by id now: no new site; the kept site, named by
    // two rows, is an error on the second.
    expect(preview.summary.new).toBe(0);
    expect(preview.rows.filter((row) => row.kind === 'error')).toHaveLength(1);
  });
});
