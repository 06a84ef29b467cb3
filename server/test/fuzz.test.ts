/**
 * Hostile input: property-based tests (fast-check) that send every endpoint random and boundary
 * bodies, path params, query strings and headers — wrong types, huge strings, deep nesting, unicode
 * (lone surrogates included), nulls, negative and huge ids, duplicate and unknown ids in the …Ids
 * lists, prototype-pollution keys — as anonymous, user and administrator. A second property sends
 * the pages and the API, over real HTTP so that paths reach the server exactly as written, hostile
 * cookies (undecodable, huge, quoted), headers (Accept-Language, Origin, X-Forwarded-*, Range,
 * If-None-Match, content types), path encodings (%-encodings, overlong UTF-8, '//', '/./', '..',
 * unicode, %00, paths around and over the 2 KB cap) and query strings (repeated keys, arrays, lng=,
 * huge values, broken %-encodings).
 *
 * Properties: never a 5xx, never a stack trace, errors in the one JSON shape, redirects only to this
 * site, the security headers on every answer, no prototype pollution, and a refused request (4xx)
 * leaves every table exactly as it was (a digest of every row of every table before and after).
 * Besides the random cases, every text field of every write is tried with each character that
 * storage or display finds hard (U+0000, lone surrogates, BOM, RLO…). `npm test` runs FUZZ_RUNS=300
 * cases; `npm run fuzz` runs 10,000 or more (`FUZZ_SEED` replays a run; fast-check prints the seed and
 * the shrunk case on failure).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REFERENCE_LIST_NAMES,
  REFERENCE_LISTS,
  type ReferenceListName,
} from '#shared/schemas/reference-lists.ts';
import { buildNutritionPartner, buildSite } from '#testing/factories.ts';
import { rowsOf } from '../db/client.ts';
import { createTestApp, PASSWORD, signInRoles, type TestContext } from './helpers.ts';

/** A URL's path with its percent-escapes decoded where they are valid (the query left out). */
function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.replace(/(%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

const RUNS = Math.max(10, Number(process.env.FUZZ_RUNS ?? 300));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** Big runs need time; a case takes a few milliseconds. */
const TIMEOUT_MS = Math.max(120_000, RUNS * 60);

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof signInRoles>>;
let clientDir: string;
const ids = {
  sites: [] as number[],
  closures: [] as number[],
  items: {} as Record<ReferenceListName, number[]>,
  assets: [] as string[],
};
let digestSql = '';
let port = 0;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'meals-fuzz-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Meals</title><!--app-data-->');
  ctx = await createTestApp({
    CLIENT_DIST: clientDir,
    ALLOW_REGISTRATION: 'true',
    RATE_LIMIT_AUTH_MAX: '100000000',
    UPLOADS_PER_HOUR: '100000000',
  });
  roles = await signInRoles(ctx);
  // The request-surface property talks real HTTP: light-my-request would normalise its paths first.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
  const admin = { cookie: roles.admin.cookie };
  for (const list of REFERENCE_LIST_NAMES) {
    ids.items[list] = [];
    for (let i = 0; i < 3; i += 1) {
      const body = list === 'nutritionpartners' ? buildNutritionPartner() : { name: `${list} ${i}` };
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/${list}`,
        headers: admin,
        payload: body,
      });
      ids.items[list].push(response.json().id);
    }
  }
  for (let i = 0; i < 3; i += 1) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: admin,
      payload: buildSite({ PopulationIds: ids.items.populations.slice(0, 2) }),
    });
    ids.sites.push(response.json().id);
  }
  for (const body of [
    { startDate: '2026-11-26', endDate: '2026-11-26', reason: 'Thanksgiving', allSites: true },
    { startDate: '2026-12-01', endDate: null, reason: 'Repairs', siteIds: ids.sites.slice(0, 2) },
  ]) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/closures',
      headers: admin,
      payload: body,
    });
    ids.closures.push(response.json().id);
  }
  for (const filename of ['a.png', 'b.pdf']) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: admin,
      payload: { blob: { filename, byte_size: 64 } },
    });
    ids.assets.push(response.json().signed_id);
  }
  // One digest per table, over every row: any change to any table changes it. The rate-limit counters
  // are left out: counting an attempt, refused or not, is what they are for; so are the account events
  // of failed sign-ins and of a sign-in locked by them (R540), which record refused requests on purpose.
  const tables = rowsOf<{ name: string }>(
    await ctx.database.db.execute(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1" as never,
    ),
  )
    .map((t) => t.name)
    .filter((name) => name !== 'rate_limits');
  expect(tables).toEqual(expect.arrayContaining(['sites', 'users', 'sessions', 'populations']));
  digestSql = `select ${tables
    .map(
      (t) =>
        `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from "${t}" x${
          t === 'account_events' ? " where x.action not in ('sign_in_failed', 'sign_in_locked')" : ''
        }) as "${t}"`,
    )
    .join(', ')}`;
});
afterAll(async () => {
  agent.destroy();
  await ctx.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const digest = async () =>
  rowsOf<Record<string, string>>(await ctx.database.db.execute(digestSql as never))[0]!;

/** The i-th element, cycling (arrays filled in beforeAll are read when a case is generated). */
const pick = <T>(values: readonly T[], i: number): T => values[i % values.length]!;

// ---- hostile values ----------------------------------------------------------------------------------

const HUGE = 'x'.repeat(300_000);
const OVER_LIMIT = 'y'.repeat(1_100_000);
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf'];

const boundaryString = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\t\n\r',
  '\ud800',
  '\udfff\ud800',
  '🍲🥗',
  'é'.repeat(201),
  'a'.repeat(200),
  'a'.repeat(201),
  HUGE,
  '<img src=x onerror=alert(1)>',
  "'; drop table sites; --",
  '../../etc/passwd',
  '%00',
  'null',
  'NaN',
  '1e309',
  '(415) 555-0123',
  'mailto:x@example.org',
  'javascript:alert(1)',
  'http://localhost',
  'example.org',
  'a@b',
  'UPPER@EXAMPLE.ORG ',
  '25:00',
  '9:00',
  '24:00',
  '-1:-1',
  ...PROTO_KEYS,
);

const boundaryNumber = fc.constantFrom(
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  6,
  7,
  90,
  90.0000001,
  -180.0001,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
);

/** Characters that trouble storage, display or parsing, put into otherwise ordinary text. */
const NASTY = [
  '\u0000',
  '\ud800',
  '\udc00',
  '\u202e',
  '\ufeff',
  '\u2028',
  '\u200b',
  '\r\n',
  '\\',
  '"',
  "'",
  '%',
  '_',
  '<',
  '&',
  '🍲',
];
const taintedString = fc
  .tuple(
    fc.constantFrom('Dining ', 'a@example.org', '415555', 'https://x.org/', ''),
    fc.constantFrom(...NASTY),
    fc.string({ maxLength: 5 }),
  )
  .map(([prefix, nasty, suffix]) => `${prefix}${nasty}${suffix}`);

const hostileScalar = fc.oneof(
  boundaryString,
  taintedString,
  boundaryNumber,
  fc.constantFrom(null, true, false),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 5 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.oneof(fc.string(), fc.constantFrom(...PROTO_KEYS)), hostileScalar, {
      maxKeys: 4,
    }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
);

/** An id list: real ids, duplicated, mixed with unknown, negative, huge, fractional and wrong-typed ones. */
const idList = (real: () => number[]) =>
  fc.array(
    fc.oneof(
      { weight: 4, arbitrary: fc.nat().map((i) => pick(real(), i)) },
      { weight: 1, arbitrary: boundaryNumber },
      { weight: 1, arbitrary: hostileScalar },
    ),
    { maxLength: 8 },
  );

// ---- valid bodies to mutate --------------------------------------------------------------------------

const siteTemplate = () => ({
  ...buildSite(),
  PopulationIds: ids.items.populations.slice(0, 2),
  translations: { es: { name: 'Comedor de prueba' }, zh: { name: '測試飯堂' } },
  version: 1,
});

type Template = () => Record<string, unknown>;
const TEMPLATES: Record<string, Template> = {
  site: siteTemplate,
  item: () => ({
    name: 'A list item',
    translations: { es: { name: 'Un elemento' }, zh: { name: '項目' } },
    version: 1,
  }),
  partner: () => ({ ...buildNutritionPartner(), translations: { zh: { name: '夥伴' } }, version: 1 }),
  closure: () => ({
    startDate: '2026-12-24',
    endDate: '2026-12-25',
    reason: 'Christmas',
    translations: { es: { reason: 'Navidad' }, zh: { reason: '聖誕節' } },
    siteIds: ids.sites.slice(0, 1),
    version: 1,
  }),
  login: () => ({ email: roles.user.email, password: PASSWORD }),
  register: () => ({
    firstName: 'Fuzz',
    lastName: 'Er',
    email: `fuzz${Math.random()}@example.org`,
    password: 'fuzz-pass-1',
  }),
  user: () => ({ firstName: 'Uma', lastName: 'User', email: roles.user.email, password: '', language: 'es' }),
  forgot: () => ({ email: roles.user.email }),
  reset: () => ({ password: 'new-pass-123' }),
  blob: () => ({ blob: { filename: 'photo.png', content_type: 'image/png', byte_size: 100 } }),
  report: () => ({
    siteId: ids.sites[0],
    reasons: ['hours', 'other'],
    message: 'Closed on Mondays\nnow',
    contact: 'me@example.org',
  }),
  reportUpdate: () => ({ status: 'in_progress', note: 'Calling them' }),
  confirmation: () => ({ answer: 'correct' }),
};

/** A valid body with some fields replaced by hostile values, some removed, some added. */
const mutatedBody = (template: Template) =>
  fc
    .record({
      replace: fc.oneof(fc.constant([]), fc.array(fc.tuple(fc.nat(), hostileValue), { maxLength: 3 })),
      remove: fc.oneof(fc.constant([]), fc.array(fc.nat(), { maxLength: 2 })),
      add: fc.oneof(
        fc.constant([] as [string, unknown][]),
        fc.array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom(
                ...PROTO_KEYS,
                'id',
                'isAdmin',
                'Hours',
                'NutritionPartnerIds',
                'updatedBy',
                'passwordHash',
              ),
              fc.string(),
            ),
            hostileValue,
          ),
          { maxLength: 2 },
        ),
      ),
      ids: fc.option(
        idList(() => ids.items.populations),
        { nil: undefined },
      ),
      // Sometimes every string field of the valid body gets the same troublesome character.
      taint: fc.option(fc.constantFrom(...NASTY), { nil: undefined, freq: 3 }),
      hours: fc.option(
        fc.array(
          fc.record({
            day: fc.oneof(fc.integer({ min: -2, max: 8 }), hostileScalar),
            open: fc.oneof(boundaryString, fc.string()),
            close: fc.oneof(boundaryString, fc.string()),
          }),
          { maxLength: 4 },
        ),
        { nil: undefined },
      ),
    })
    .map(({ replace, remove, add, ids: idsValue, hours, taint }) => {
      const body: Record<string, unknown> = template();
      const keys = Object.keys(body);
      if (taint) {
        for (const key of keys) {
          const value = body[key];
          if (typeof value === 'string' && value) body[key] = `${value.slice(0, 3)}${taint}${value.slice(3)}`;
        }
      }
      for (const [i, value] of replace) body[keys[i % keys.length]!] = value;
      for (const i of remove) delete body[keys[i % keys.length]!];
      if (idsValue) body.PopulationIds = idsValue;
      if (hours) body.Hours = hours;
      let text = JSON.stringify(body);
      // Keys JSON.stringify would not write as own keys (e.g. "__proto__") go in as raw text.
      for (const [key, value] of add) {
        const pair = `${JSON.stringify(key)}:${JSON.stringify(value ?? null)}`;
        text = text === '{}' ? `{${pair}}` : text.replace(/^\{/, `{${pair},`);
      }
      return text;
    });

const deepNesting = fc
  .tuple(
    fc.integer({ min: 50, max: 20_000 }),
    fc.constantFrom('[', '{"a":', '{"__proto__":', '{"constructor":{"prototype":'),
  )
  .map(([depth, open]) => {
    const close = open === '[' ? ']' : '}'.repeat((open.match(/\{/g) ?? []).length);
    return `${open.repeat(depth)}1${close.repeat(depth)}`;
  });

/** The valid body an endpoint expects, to mutate; undefined for endpoints without a body. */
function templateFor(method: InjectOptions['method'], path: string): Template | undefined {
  if (path.startsWith('/api/sites')) return TEMPLATES.site;
  if (path.startsWith('/api/nutritionpartners')) return TEMPLATES.partner;
  if (path.startsWith('/api/closures')) return TEMPLATES.closure;
  if (REFERENCE_LIST_NAMES.some((list) => path.startsWith(`/api/${list}`))) return TEMPLATES.item;
  if (path === '/api/auth/login') return TEMPLATES.login;
  if (path === '/api/auth/register') return TEMPLATES.register;
  if (path.startsWith('/api/users/')) return TEMPLATES.user;
  if (path === '/api/passwords') return TEMPLATES.forgot;
  if (path.startsWith('/api/passwords/') && method === 'PATCH') return TEMPLATES.reset;
  if (path === '/api/assets') return TEMPLATES.blob;
  if (path === '/api/reports') return TEMPLATES.report;
  if (path.startsWith('/api/reports/')) return TEMPLATES.reportUpdate;
  if (path.startsWith('/api/confirmations/') && method === 'POST') return TEMPLATES.confirmation;
  return undefined;
}

const rawBody = (template: Template | undefined) =>
  fc.oneof(
    ...(template ? [{ weight: 12, arbitrary: mutatedBody(template) }] : []),
    { weight: 4, arbitrary: fc.constantFrom(...Object.values(TEMPLATES)).chain(mutatedBody) },
    { weight: 2, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: deepNesting },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"name": "a",}',
        '[]',
        'null',
        '"text"',
        '12',
        'NaN',
        '{"name":"\\ud800"}',
        '{"__proto__":{"isAdmin":true},"name":"x"}',
        '{"constructor":{"prototype":{"polluted":"yes"}},"name":"x"}',
        '{"name":"dup","name":"dup2"}',
        `{"name":"${OVER_LIMIT}"}`,
        `{"name":"${HUGE}"}`,
        '\u0000\u0001',
        '\ufeff{"name":"bom"}',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  );

// ---- requests ---------------------------------------------------------------------------------------

type Role = 'anonymous' | 'user' | 'admin';
interface Endpoint {
  method: InjectOptions['method'];
  path: string; // with :id / :token / :signedId / :key placeholders
  roles: Role[];
}

const ALL: Role[] = ['anonymous', 'user', 'admin'];
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/sites', roles: ALL },
  { method: 'GET', path: '/api/sites/:id', roles: ALL },
  { method: 'POST', path: '/api/sites', roles: ALL },
  { method: 'PATCH', path: '/api/sites/:id', roles: ALL },
  { method: 'DELETE', path: '/api/sites/:id', roles: ALL },
  { method: 'GET', path: '/api/sites/:id/history', roles: ALL },
  { method: 'GET', path: '/api/closures', roles: ALL },
  { method: 'GET', path: '/api/closures/:id', roles: ALL },
  { method: 'POST', path: '/api/closures', roles: ALL },
  { method: 'PATCH', path: '/api/closures/:id', roles: ALL },
  { method: 'DELETE', path: '/api/closures/:id', roles: ALL },
  { method: 'GET', path: '/api/closures/:id/history', roles: ALL },
  ...REFERENCE_LIST_NAMES.flatMap((list): Endpoint[] => [
    { method: 'GET', path: `/api/${list}`, roles: ALL },
    { method: 'GET', path: `/api/${list}/:id`, roles: ALL },
    { method: 'POST', path: `/api/${list}`, roles: ALL },
    { method: 'PATCH', path: `/api/${list}/:id`, roles: ALL },
    { method: 'DELETE', path: `/api/${list}/:id`, roles: ALL },
    { method: 'GET', path: `/api/${list}/:id/usage`, roles: ALL },
    { method: 'GET', path: `/api/${list}/:id/history`, roles: ALL },
  ]),
  // Login, logout and registration only anonymously: with a role's cookie they would end (or
  // replace) the session under test.
  { method: 'POST', path: '/api/auth/login', roles: ['anonymous'] },
  { method: 'GET', path: '/api/auth/logout', roles: ['anonymous'] },
  { method: 'POST', path: '/api/auth/logout', roles: ['anonymous'] },
  { method: 'POST', path: '/api/auth/register', roles: ['anonymous'] },
  { method: 'GET', path: '/api/users/me', roles: ALL },
  { method: 'GET', path: '/api/users/:id', roles: ALL },
  { method: 'PATCH', path: '/api/users/:id', roles: ALL },
  { method: 'PUT', path: '/api/users/:id', roles: ALL },
  { method: 'POST', path: '/api/passwords', roles: ALL },
  { method: 'GET', path: '/api/passwords/:token', roles: ALL },
  { method: 'PATCH', path: '/api/passwords/:token', roles: ALL },
  { method: 'POST', path: '/api/assets', roles: ALL },
  { method: 'PUT', path: '/api/uploads/:signedId', roles: ALL },
  { method: 'GET', path: '/uploads/:key', roles: ALL },
  { method: 'GET', path: '/healthz', roles: ALL },
  { method: 'GET', path: '/readyz', roles: ALL },
  { method: 'GET', path: '/api/config', roles: ALL },
  { method: 'GET', path: '/api/openapi.json', roles: ['anonymous'] },
  { method: 'GET', path: '/', roles: ALL },
  { method: 'GET', path: '/sites/:id', roles: ALL },
  { method: 'GET', path: '/passwords/reset/:token', roles: ALL },
  // The newer surface: reports, confirmations, places, imports, the open-data feed, closures, QR.
  { method: 'POST', path: '/api/reports', roles: ALL },
  { method: 'GET', path: '/api/reports', roles: ALL },
  { method: 'PATCH', path: '/api/reports/:id', roles: ALL },
  { method: 'GET', path: '/api/confirmations/:token', roles: ALL },
  { method: 'POST', path: '/api/confirmations/:token', roles: ALL },
  { method: 'POST', path: '/api/sites/:id/confirmations', roles: ALL },
  { method: 'POST', path: '/api/sites/:id/confirmation-requests', roles: ALL },
  { method: 'GET', path: '/api/places', roles: ALL },
  { method: 'POST', path: '/api/imports', roles: ALL },
  { method: 'GET', path: '/api/imports/:id', roles: ALL },
  { method: 'POST', path: '/api/imports/:id/commit', roles: ALL },
  { method: 'GET', path: '/api/sites/import-template.csv', roles: ALL },
  { method: 'GET', path: '/api/hsds', roles: ALL },
  { method: 'GET', path: '/api/hsds/services', roles: ALL },
  { method: 'GET', path: '/api/hsds/services/:id', roles: ALL },
  { method: 'GET', path: '/api/hsds/service_at_locations', roles: ALL },
  { method: 'GET', path: '/api/hsds/organizations', roles: ALL },
  { method: 'GET', path: '/api/hsds/organizations/:id', roles: ALL },
  { method: 'GET', path: '/api/sites/:id/qr.svg', roles: ALL },
  { method: 'GET', path: '/api/workspace', roles: ALL },
];

/** A real id of the endpoint's own kind (`real`), or a hostile one. */
const idParam = fc.oneof(
  { weight: 3, arbitrary: fc.nat().map((i) => ({ real: i })) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '1',
      '01',
      '+1',
      '1.0',
      '1e3',
      '0x10',
      ' 1',
      '2147483647',
      '2147483648',
      '99999999999999999999',
      'abc',
      'null',
      'undefined',
      '__proto__',
      'constructor',
      '%00',
      '%2e%2e',
      '..%2f..%2fpackage.json',
      '%E0%A4%A',
      '%F0%9F%8D%B2',
      '%EF%BC%91',
      'x'.repeat(201),
      'NaN',
      'Infinity',
      '1;DROP TABLE sites',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent) },
);

/** The ids a path's placeholder can name for real: sites, that list's items, the users, the uploads. */
function realIds(path: string): (number | string)[] {
  if (path.includes('/uploads/:signedId')) return ids.assets;
  if (path.startsWith('/api/users/')) return [roles.user.id, roles.admin.id];
  if (path.startsWith('/api/closures/')) return ids.closures;
  const list = REFERENCE_LIST_NAMES.find((name) => path.startsWith(`/api/${name}/`));
  if (list) return ids.items[list];
  return ids.sites;
}

const queryString = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(
              'version',
              'version',
              'id',
              '__proto__',
              '__proto__[isAdmin]',
              'constructor[prototype][polluted]',
              'a[b][c]',
              'population',
              'siteId',
              'lng',
            ),
            fc.string({ maxLength: 10 }),
          ),
          fc.oneof(
            fc.constantFrom('1', '-1', '0', '1.5', '2147483648', '1e400', '', 'true', '[]', '{}'),
            fc.string({ unit: 'binary', maxLength: 20 }),
          ),
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map(
        (pairs) => `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`,
      ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?',
      '?&&',
      '?version',
      '?version=1&version=2',
      '?%zz=1',
      '?a=%',
      `?q=${'z'.repeat(2000)}`,
      '?lng=%E0%A4%A',
      '?lng=es&lng=zh',
      '?a[]=1&a[]=2&a[0]=3',
    ),
  },
);

const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'image/png',
  'application/octet-stream',
  '*/*',
  ';;;',
];

/** A header present in about one case in `rarity`. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, rarity: number) =>
  fc.oneof({ weight: rarity - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

const extraHeaders = fc.record({
  'accept-language': sometimes(
    fc.oneof(
      fc.constantFrom('es', 'zh-TW, en;q=0.5', '*', ';q=x', 'xx-YY', ',,,', 'en;q=1e309'),
      fc.string({ maxLength: 60 }),
    ),
    3,
  ),
  'accept-encoding': sometimes(
    fc.constantFrom('br', 'gzip', 'identity', 'br;q=0, gzip;q=0', '*', 'deflate, compress', 'x'),
    3,
  ),
  'if-none-match': sometimes(
    fc.oneof(fc.constantFrom('*', 'W/"x"', '"', ',,', '"a", "b"'), fc.string({ maxLength: 40 })),
    5,
  ),
  // Cross-site markers are rare: most cases should reach the routes' own checks.
  origin: sometimes(
    fc.constantFrom('http://evil.example', 'null', 'http://meals.test', 'http://localhost:80', '', 'file://'),
    12,
  ),
  'sec-fetch-site': sometimes(fc.constantFrom('cross-site', 'same-origin', 'none', 'same-site', 'weird'), 12),
  'x-forwarded-proto': sometimes(fc.constantFrom('https', 'http', 'gopher', ''), 8),
  'x-forwarded-for': sometimes(fc.constantFrom('1.2.3.4', '::1', 'garbage', '999.999.999.999'), 8),
  cookie: sometimes(
    fc.constantFrom(
      'sid=',
      'sid=garbage',
      'sid=%ZZ',
      'sid=a.b.c',
      `sid=${'s'.repeat(4000)}`,
      'a=b; sid=x; sid=y',
      '=;=;',
      'i18next=%',
      'i18next=%E0%A4%A',
      'i18next="es"; sid=%',
      `i18next=${'%'.repeat(4000)}`,
    ),
    6,
  ),
});

const request = fc.constantFrom(...ENDPOINTS).chain((endpoint) =>
  fc.record({
    endpoint: fc.constant(endpoint),
    roleIndex: fc.nat(),
    id: idParam,
    query: queryString,
    withBody: fc.boolean(),
    body: rawBody(templateFor(endpoint.method, endpoint.path)),
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    headers: extraHeaders,
    // Now and then a method the route does not have.
    strangeMethod: sometimes(
      fc.constantFrom('HEAD', 'OPTIONS', 'TRACE', 'POST', 'PUT', 'DELETE') as fc.Arbitrary<
        InjectOptions['method']
      >,
      12,
    ),
  }),
);

type Case = typeof request extends fc.Arbitrary<infer T> ? T : never;

function toInject(c: Case): InjectOptions {
  const role = c.endpoint.roles[c.roleIndex % c.endpoint.roles.length]!;
  const id = typeof c.id === 'string' ? c.id : String(pick(realIds(c.endpoint.path), c.id.real));
  const url = c.endpoint.path.replace(/:(id|token|signedId|key)/g, id) + c.query;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(c.headers)) if (value !== undefined) headers[name] = value;
  // A role's session cookie goes first: a fuzzed 'sid' after it does not replace it.
  if (role !== 'anonymous')
    headers.cookie = headers.cookie ? `${roles[role].cookie}; ${headers.cookie}` : roles[role].cookie;
  const method = c.strangeMethod ?? c.endpoint.method;
  const sendsBody = method !== 'GET' && method !== 'HEAD' && (c.withBody || method !== 'DELETE');
  if (sendsBody && c.contentType) headers['content-type'] = c.contentType;
  return { method, url, headers, ...(sendsBody ? { payload: c.body } : {}) };
}

/** Answers per status: printed after a large run, to show the cases reached every kind of answer. */
const histogram = new Map<number, number>();
afterAll(() => {
  if (RUNS >= 1000)
    console.log(
      `answers by status: ${JSON.stringify(Object.fromEntries([...histogram].sort((a, b) => a[0] - b[0])))}`,
    );
});
const STACK = /node_modules|\.ts:\d+|\n\s+at \S+/;

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** The properties every answer has; `send` makes the request, the digest shows what it changed. */
async function check(options: InjectOptions, send: (o: InjectOptions) => Promise<Answer> = inject) {
  const before = await digest();
  const response = await send(options);
  histogram.set(response.statusCode, (histogram.get(response.statusCode) ?? 0) + 1);
  const label = `${options.method} ${String(options.url).slice(0, 120)} → ${response.statusCode}: ${response.body.slice(0, 300)}`;
  expect(response.statusCode, label).toBeLessThan(500);
  expect(response.body, label).not.toMatch(STACK);
  expect(Object.keys(Object.prototype), 'Object.prototype polluted').toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  expect(response.headers['content-security-policy'], `no security headers: ${label}`).toBeDefined();
  expect(response.headers['x-content-type-options'], `no security headers: ${label}`).toBe('nosniff');
  const api = String(options.url).startsWith('/api/');
  if (response.statusCode >= 300 && response.statusCode < 400 && response.statusCode !== 304) {
    // Redirects stay on this site: one slash, then a path ('//x' or '/\\x' would leave it).
    const location = String(response.headers.location);
    expect(location, label).toMatch(/^\/(?![/\\])/);
  }
  if (response.statusCode === 201) {
    // New records join the pools of real ids, so later cases edit and delete them too.
    const created = /^\/api\/([a-z]+)(\?|$)/.exec(String(options.url))?.[1];
    const id = (JSON.parse(response.body) as { id?: number }).id;
    if (created === 'sites' && id) ids.sites.push(id);
    else if (created === 'closures' && id) ids.closures.push(id);
    else if (created && id && created in ids.items) ids.items[created as ReferenceListName].push(id);
  }
  if (response.statusCode < 300 && api && options.method !== 'HEAD' && response.body) {
    // JSON, except the API's files: the import template and exports (CSV, workbook), the QR image
    // and the open-data package.
    const type = String(response.headers['content-type'] ?? '');
    if (/^(text\/csv|image\/svg\+xml|application\/zip|application\/vnd\.openxmlformats)/.test(type))
      // The path as the router reads it: a percent-encoded letter ("qr.%73vg") is still the file's name.
      expect(decodedPath(String(options.url)), label).toMatch(/\.(csv|svg|xlsx|zip)\/?$/);
    else expect(() => JSON.parse(response.body), label).not.toThrow();
  }
  if (response.statusCode >= 400) {
    // Refused: one JSON error shape, and nothing changed anywhere.
    if (options.method !== 'HEAD' && (api || response.statusCode !== 404)) {
      const body = JSON.parse(response.body) as { status: number; message?: string; errors?: unknown[] };
      expect(body.status, label).toBe(response.statusCode);
      expect(typeof body.message === 'string' || Array.isArray(body.errors), label).toBe(true);
    }
    expect(await digest(), `data changed by a refused request: ${label}`).toEqual(before);
  }
  return response;
}

/** The body as text, after undoing the Content-Encoding the client asked for. */
function decoded(raw: Buffer, encoding: unknown): string {
  // HEAD, 204 and 304 answers may name an encoding but have no body.
  if (raw.length === 0) return '';
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString();
  return raw.toString();
}

const inject = async (options: InjectOptions): Promise<Answer> => {
  const response = await ctx.app.inject(options);
  const body = decoded(response.rawPayload, response.headers['content-encoding']);
  return { statusCode: response.statusCode, headers: response.headers, body };
};

// ---- the request surface over real HTTP: paths, cookies, headers, query strings ----------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Sends the request as written (path bytes untouched), and reads the answer, decompressed. */
function overHttp(options: InjectOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: options.method,
        path: String(options.url),
        headers: options.headers as http.OutgoingHttpHeaders,
        setHost: !(options.headers && 'host' in options.headers),
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const raw = Buffer.concat(chunks);
          try {
            const body = decoded(raw, incoming.headers['content-encoding']);
            resolve({ statusCode: incoming.statusCode ?? 0, headers: incoming.headers, body });
          } catch (error) {
            const answer = `${incoming.statusCode} ${JSON.stringify(incoming.headers)}`;
            reject(new Error(`${options.method} ${String(options.url).slice(0, 120)} → ${answer}: ${error}`));
          }
        });
      },
    );
    outgoing.on('error', reject);
    if (options.payload !== undefined) outgoing.write(String(options.payload));
    outgoing.end();
  });
}

/** What an HTTP/1.1 header value can carry (no CR, LF, NUL or characters above U+00FF). */
const headerText = (text: string) => text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '');

/** Pages (':site' is a real site id) and other non-API addresses. */
const PAGES = [
  '/',
  '/sites',
  '/sites/:site',
  '/about',
  '/partners',
  '/login',
  '/account',
  '/sites/:site/edit',
  '/passwords/reset/abc',
  '/no/such/page',
  '/index.html',
  '/sitemap.xml',
  '/robots.txt',
  '/assets/missing.js',
];

type PathMutation = { kind: string; at: number; piece: string };
const PATH_PIECES: Record<string, string[]> = {
  trailing: ['/', '//', '/////', '/'.repeat(3000)],
  double: ['//', '///'],
  leading: ['//', '///', '/./', '/../'],
  dot: ['/.', '/..', '/%2e', '/%2E%2E', '/.%2e', '/%2e.', '/./.', '/../..'],
  overlong: ['%C0%AF', '%C0%AE', '%E0%80%AF', '%F0%80%80%AF', '%C1%9C', '%C0%80'],
  broken: ['%', '%E0%A4%A', '%G1', '%%', '%2', '%u002F', '%ZZ', '%F0%9F%8D'],
  unicode: ['%C3%A9', '%F0%9F%8D%B2', '%E2%80%AE', '%EF%BC%91', '%EF%BB%BF', '%ED%A0%80', '%F4%8F%BF%BF'],
  nul: ['%00', '%2500', '%00.html'],
  backslash: ['%5C', '%5c..%5c', '\\'],
  semicolon: [';', ';jsessionid=x', ';lng=es'],
  fragment: ['#', '#x?lng=es'],
  long: ['2040', '2047', '2048', '2049', '2060', '4096', '16000'],
};
const pathMutation: fc.Arbitrary<PathMutation> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: 'none', at: 0, piece: '' }) },
  {
    weight: 8,
    arbitrary: fc
      .constantFrom(...Object.keys(PATH_PIECES))
      .chain((kind) =>
        fc.record({ kind: fc.constant(kind), at: fc.nat(), piece: fc.constantFrom(...PATH_PIECES[kind]!) }),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('encode'),
      at: fc.nat(),
      piece: fc.constantFrom('upper', 'lower'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('random'),
      at: fc.nat(),
      piece: fc
        .string({ unit: 'binary', maxLength: 12 })
        .map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))),
    }),
  },
);

/** The i-th slash of a path (cycling), or its end. */
function slashAt(path: string, i: number): number {
  const slashes: number[] = [];
  for (let k = 0; k < path.length; k += 1) if (path[k] === '/') slashes.push(k);
  return slashes.length ? pick(slashes, i) : path.length;
}

function mutatePath(path: string, { kind, at, piece }: PathMutation): string {
  const cut = slashAt(path, at);
  const insert = (text: string, where = cut) => `${path.slice(0, where)}${text}${path.slice(where)}`;
  switch (kind) {
    case 'none':
      return path;
    case 'trailing':
      return `${path}${piece}`;
    case 'double':
      return insert(piece.slice(1));
    case 'leading':
      return `${piece}${path.slice(1)}`;
    case 'dot':
    case 'backslash':
    case 'semicolon':
      return insert(piece);
    case 'overlong':
    case 'broken':
    case 'unicode':
    case 'nul':
    case 'random':
      return insert(piece, Math.min(path.length, cut + 1 + (at % 3)));
    case 'fragment':
      return `${path}${piece}`;
    case 'encode': {
      const i = at % path.length;
      const hex = path.charCodeAt(i).toString(16).padStart(2, '0');
      return `${path.slice(0, i)}%${piece === 'upper' ? hex.toUpperCase() : hex}${path.slice(i + 1)}`;
    }
    case 'long': {
      const length = Number(piece);
      const filler = at % 2 ? '/' : 'a';
      return `${path}${filler.repeat(Math.max(0, length - path.length))}`;
    }
    default:
      throw new Error(`unknown path mutation ${kind}`);
  }
}

const queryValue = fc.oneof(
  fc.constantFrom(
    '',
    'es',
    'zh',
    'en',
    'zh-TW',
    'xx',
    '*',
    'es;q=0',
    '%',
    '%E0%A4%A',
    '%zz',
    '%00',
    'a+b',
    '1',
    '-1',
    '[]',
  ),
  fc.constantFrom('x'.repeat(5_000), 'es,'.repeat(2_000), '%'.repeat(3_000)),
  fc
    .string({ unit: 'binary', maxLength: 20 })
    .map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))),
);
const surfaceQuery = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(
              'lng',
              'lng',
              'population',
              'service',
              'a[]',
              'a[0]',
              'a[b][c]',
              '__proto__',
              'q',
              '',
              'from',
            ),
            fc.string({ maxLength: 8 }).map(encodeURIComponent),
          ),
          queryValue,
          fc.boolean(),
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map((pairs) => `?${pairs.map(([k, v, bare]) => (bare && !v ? k : `${k}=${v}`)).join('&')}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?',
      '?&&',
      '?=',
      '?lng',
      '?lng=es&lng=zh',
      '?lng=es&lng=',
      '?a=%',
      '?%zz=1',
      '??',
      `?q=${'z'.repeat(20_000)}`,
    ),
  },
);

const cookieName = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'i18next',
      'i18next',
      'sid',
      ' i18next',
      'i18next ',
      'I18NEXT',
      '',
      'a',
      '$Version',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
);
const cookieValue = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '%',
      '%E0%A4%A',
      '%ZZ',
      '%%',
      '"es"',
      '"',
      '""',
      'es',
      'zh',
      'en;q=1',
      'a=b',
      '%65%73',
      '%C0%AF',
      'es, zh;q=0.5',
      '\\"es\\"',
      's:abc.def',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('x'.repeat(4_000), '%'.repeat(4_000), '%E0'.repeat(1_500), ';'.repeat(3_000)),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);
const cookieHeader = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.array(fc.tuple(cookieName, cookieValue), { minLength: 1, maxLength: 5 }),
        fc.constantFrom('; ', ';', ' ; ', ';;', ', '),
      )
      .map(([pairs, separator]) => pairs.map(([name, value]) => `${name}=${value}`).join(separator)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '=;=;',
      ';;;',
      '"',
      'i18next',
      'i18next=',
      'i18next=%E0%A4%A',
      '; '.repeat(3_000),
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
);

const surfaceHeaders = fc.record({
  cookie: sometimes(cookieHeader, 2),
  'accept-language': sometimes(
    fc.oneof(
      fc.constantFrom(
        'es',
        'zh-TW, en;q=0.5',
        '*',
        ';q=x',
        'xx-YY',
        ',,,',
        'en;q=1e309',
        'es;q=-1',
        'zh;q=NaN',
        '%E0%A4%A',
      ),
      fc.constantFrom('es;q=0.5,'.repeat(1_000), ','.repeat(8_000), ' '.repeat(8_000)),
      fc.string({ unit: 'binary', maxLength: 60 }),
    ),
    3,
  ),
  origin: sometimes(
    fc.constantFrom(
      'http://evil.example',
      'null',
      'http://meals.test',
      'http://127.0.0.1',
      '',
      'file://',
      '%',
    ),
    6,
  ),
  'sec-fetch-site': sometimes(fc.constantFrom('cross-site', 'same-origin', 'none', 'weird'), 10),
  'x-forwarded-proto': sometimes(fc.constantFrom('https', 'http', 'https, http', 'gopher', '', '%'), 5),
  'x-forwarded-host': sometimes(
    fc.constantFrom('evil.example', 'meals.test', '', 'a'.repeat(500), '[::1]:x', '%'),
    5,
  ),
  'x-forwarded-for': sometimes(
    fc.constantFrom('1.2.3.4', '::1', 'garbage', '999.999.999.999', '1.1.1.1, 2.2.2.2', ''),
    5,
  ),
  'x-forwarded-port': sometimes(fc.constantFrom('443', '-1', '99999', 'x'), 8),
  host: sometimes(
    fc.constantFrom('meals.test', 'evil.example', 'a'.repeat(300), '[::1]', 'localhost:99999', '%'),
    8,
  ),
  'content-type': sometimes(
    fc.constantFrom(
      ...CONTENT_TYPES,
      'application/json; charset=%',
      'application/json;;',
      ' application/json',
      'text/html',
    ),
    3,
  ),
  range: sometimes(
    fc.constantFrom(
      'bytes=0-10',
      'bytes=-1',
      'bytes=99999999-',
      'bytes=5-1',
      'bytes=0-0,2-3,4-5',
      `bytes=${'0-1,'.repeat(500)}`,
      'items=0-1',
      'bytes=x',
      '',
    ),
    5,
  ),
  'if-none-match': sometimes(
    fc.oneof(fc.constantFrom('*', 'W/"x"', '"', ',,', '"a", "b"', 'W/'), fc.string({ maxLength: 40 })),
    5,
  ),
  'if-modified-since': sometimes(
    fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT', 'yesterday', '', 'Fri, 31 Dec 9999 23:59:59 GMT'),
    8,
  ),
  'accept-encoding': sometimes(
    fc.constantFrom('br', 'gzip', 'identity', 'br;q=0, gzip;q=0', '*', 'x', 'gzip;q=x'),
    3,
  ),
  accept: sometimes(fc.constantFrom('text/html', 'application/json', '*/*', 'image/png', ';;'), 5),
});

/** A page or an API endpoint, with a role. */
const target = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      path: fc.constantFrom(...PAGES),
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constant('GET') },
        { weight: 2, arbitrary: fc.constantFrom('HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS') },
      ) as fc.Arbitrary<InjectOptions['method']>,
      roles: fc.constant(ALL),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...ENDPOINTS.filter((e) => e.path.startsWith('/api/'))).chain((endpoint) =>
      fc.record({
        path: fc.constant(endpoint.path),
        method: fc.oneof(
          { weight: 6, arbitrary: fc.constant(endpoint.method) },
          { weight: 1, arbitrary: fc.constantFrom('GET', 'HEAD', 'POST', 'PATCH', 'DELETE') },
        ) as fc.Arbitrary<InjectOptions['method']>,
        roles: fc.constant(endpoint.roles),
      }),
    ),
  },
);

const surfaceRequest = target.chain((t) =>
  fc.record({
    target: fc.constant(t),
    roleIndex: fc.nat(),
    id: fc.nat(),
    mutation: pathMutation,
    query: surfaceQuery,
    headers: surfaceHeaders,
    body: rawBody(templateFor(t.method, t.path)),
  }),
);
type SurfaceCase = typeof surfaceRequest extends fc.Arbitrary<infer T> ? T : never;

function toHttp(c: SurfaceCase): InjectOptions {
  const roles_ = c.target.roles;
  const role = roles_[c.roleIndex % roles_.length]!;
  const concrete = c.target.path
    .replace(':site', String(pick(ids.sites, c.id)))
    .replace(/:(id|token|signedId|key)/g, String(pick(realIds(c.target.path), c.id)));
  const url = `${mutatePath(concrete, c.mutation)}${c.query}`;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(c.headers))
    if (value !== undefined) headers[name] = headerText(value);
  // A role's session goes first, so a fuzzed 'sid' later in the header does not replace it.
  if (role !== 'anonymous')
    headers.cookie = headers.cookie ? `${roles[role].cookie}; ${headers.cookie}` : roles[role].cookie;
  const sendsBody = c.target.method !== 'GET' && c.target.method !== 'HEAD' && c.target.method !== 'OPTIONS';
  if (sendsBody && !headers['content-type']) headers['content-type'] = 'application/json';
  if (!sendsBody) delete headers['content-type'];
  return { method: c.target.method, url, headers, ...(sendsBody ? { payload: c.body } : {}) };
}

describe(`hostile input (${RUNS} cases; FUZZ_RUNS for more)`, () => {
  it(
    'any endpoint, any role, any body, params, query and headers: never a 5xx, refused requests change nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(request, async (c) => {
          await check(toInject(c));
        }),
        { numRuns: Math.round(RUNS * 0.5), seed: SEED, endOnFailure: true },
      );
      // Still alive and still serving, with the roles' sessions intact.
      expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/sites' })).statusCode).toBe(200);
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { cookie: roles.admin.cookie },
      });
      expect(me.json()).toMatchObject({ id: roles.admin.id, isAdmin: true });
    },
    TIMEOUT_MS,
  );

  it(
    'pages and the API over HTTP, with any cookie, header, path encoding and query string: never a 5xx',
    async () => {
      await fc.assert(
        fc.asyncProperty(surfaceRequest, async (c) => {
          await check(toHttp(c), overHttp);
        }),
        { numRuns: Math.round(RUNS * 0.3), seed: SEED, endOnFailure: true },
      );
      const me = await overHttp({
        method: 'GET',
        url: '/api/users/me',
        headers: { cookie: roles.admin.cookie },
      });
      expect(JSON.parse(me.body)).toMatchObject({ id: roles.admin.id, isAdmin: true });
    },
    TIMEOUT_MS,
  );

  it(
    '…Ids lists: duplicates are stored once, any unknown, negative, huge or mistyped id refuses the whole write',
    async () => {
      // Items and a site of this test's own (the first property may have deleted the seeded ones).
      const admin = { cookie: roles.admin.cookie };
      const fresh = {} as Record<ReferenceListName, number[]>;
      for (const list of REFERENCE_LIST_NAMES) {
        fresh[list] = [];
        for (let i = 0; i < 3; i += 1) {
          const body = list === 'nutritionpartners' ? buildNutritionPartner() : { name: `ids ${list} ${i}` };
          const made = await ctx.app.inject({
            method: 'POST',
            url: `/api/${list}`,
            headers: admin,
            payload: body,
          });
          fresh[list].push(made.json().id);
        }
      }
      const siteId = (
        await ctx.app.inject({ method: 'POST', url: '/api/sites', headers: admin, payload: buildSite() })
      ).json().id as number;
      const listKeys = REFERENCE_LIST_NAMES.map((list) => [list, REFERENCE_LISTS[list].idsKey] as const);
      const lists = fc.record(
        Object.fromEntries(listKeys.map(([list, key]) => [key, idList(() => fresh[list])])) as Record<
          string,
          fc.Arbitrary<unknown[]>
        >,
      );
      await fc.assert(
        fc.asyncProperty(lists, fc.boolean(), async (idLists, create) => {
          const url = create ? '/api/sites' : `/api/sites/${siteId}`;
          // Valid when every id names an item that exists now (a "hostile" 1 may be a real id).
          const existing = Object.fromEntries(
            await Promise.all(
              REFERENCE_LIST_NAMES.map(async (list) => {
                const items = (await ctx.app.inject({ method: 'GET', url: `/api/${list}` })).json() as {
                  id: number;
                }[];
                return [list, items.map((i) => i.id)] as const;
              }),
            ),
          ) as Record<ReferenceListName, number[]>;
          const payload = create ? { ...buildSite(), ...idLists } : idLists;
          const response = await check({
            method: create ? 'POST' : 'PATCH',
            url,
            headers: { cookie: roles.admin.cookie },
            payload,
          });
          const valid = listKeys.every(([list, key]) =>
            (idLists[key] as unknown[]).every((id) => existing[list].includes(id as number)),
          );
          // A body over the JSON limit is refused whole before it is read (413), valid or not.
          if (Buffer.byteLength(JSON.stringify(payload)) > ctx.config.BODY_LIMIT_BYTES) {
            expect(response.statusCode, response.body).toBe(413);
            return;
          }
          expect(response.statusCode, response.body).toBe(valid ? (create ? 201 : 200) : 422);
          if (!valid) return;
          const site = JSON.parse(response.body) as Record<string, { id: number }[]>;
          for (const [list, key] of listKeys) {
            const stored = site[REFERENCE_LISTS[list].siteKey]!.map((i) => i.id).sort((a, b) => a - b);
            expect(stored).toEqual([...new Set(idLists[key] as number[])].sort((a, b) => a - b));
          }
        }),
        { numRuns: Math.max(5, Math.round(RUNS * 0.1)), seed: SEED, endOnFailure: true },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'prototype-pollution keys and deep nesting anywhere in a body are refused or ignored, never obeyed',
    async () => {
      const polluted = fc
        .tuple(
          fc.constantFrom(...ENDPOINTS.filter((e) => e.method !== 'GET')),
          fc.constantFrom('__proto__', 'constructor', 'prototype'),
          fc.integer({ min: 0, max: 3 }),
          fc.oneof(deepNesting, fc.constant('{"isAdmin":true,"polluted":"yes"}')),
        )
        .map(([endpoint, key, depth, inner]) => {
          const payload = `${'{"a":'.repeat(depth)}{"${key}":${key === 'constructor' ? `{"prototype":${inner}}` : inner},"name":"x"}${'}'.repeat(depth)}`;
          return { endpoint, payload };
        });
      await fc.assert(
        fc.asyncProperty(polluted, async ({ endpoint, payload }) => {
          await check({
            method: endpoint.method,
            url: endpoint.path.replace(/:(id|token|signedId|key)/g, String(ids.sites[1])),
            headers: { cookie: roles.admin.cookie, 'content-type': 'application/json' },
            payload,
          });
        }),
        { numRuns: Math.max(5, Math.round(RUNS * 0.1)), seed: SEED, endOnFailure: true },
      );
      // Nobody became an administrator by asking.
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { cookie: roles.user.cookie },
      });
      expect(me.json().isAdmin).toBe(false);
    },
    TIMEOUT_MS,
  );

  it(
    'every text field of every write, with each character PostgreSQL or a browser finds hard: never a 5xx',
    async () => {
      const admin = roles.admin.cookie;
      const user = roles.user.cookie;
      const site = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/sites',
          headers: { cookie: admin },
          payload: buildSite(),
        })
      ).json();
      const item = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/nutritionpartners',
          headers: { cookie: admin },
          payload: buildNutritionPartner(),
        })
      ).json();
      const population = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/populations',
          headers: { cookie: admin },
          payload: { name: 'Chars' },
        })
      ).json();
      const writes: {
        method: InjectOptions['method'];
        url: string;
        cookie?: string;
        body: () => Record<string, unknown>;
        fields: string[];
      }[] = [
        {
          method: 'POST',
          url: '/api/sites',
          cookie: admin,
          body: () => ({ ...buildSite(), Hours: [{ day: 1, open: '9:00', close: '11:00' }] }),
          fields: ['name', 'address', 'phoneNumber', 'email', 'website', 'Hours.0.open'],
        },
        {
          method: 'PATCH',
          url: `/api/sites/${site.id}`,
          cookie: admin,
          body: () => ({
            name: 'Renamed',
            address: '1 Main St',
            email: 'a@example.org',
            website: 'https://a.example.org',
          }),
          fields: ['name', 'address', 'email', 'website'],
        },
        {
          method: 'POST',
          url: '/api/nutritionpartners',
          cookie: admin,
          body: () => buildNutritionPartner(),
          fields: ['name', 'phoneNumber', 'email', 'website'],
        },
        {
          method: 'PATCH',
          url: `/api/nutritionpartners/${item.id}`,
          cookie: admin,
          body: () => ({ name: 'Renamed partner', website: 'https://p.example.org' }),
          fields: ['name', 'website'],
        },
        {
          method: 'PATCH',
          url: `/api/populations/${population.id}`,
          cookie: admin,
          body: () => ({ name: 'Renamed population' }),
          fields: ['name'],
        },
        {
          method: 'PATCH',
          url: `/api/users/${roles.user.id}`,
          cookie: user,
          body: () => ({
            firstName: 'Uma',
            lastName: 'User',
            password: 'chars-pass-1',
            picture: 'x',
            language: 'es',
          }),
          fields: ['firstName', 'lastName', 'password', 'picture', 'language'],
        },
        {
          method: 'POST',
          url: '/api/auth/login',
          body: () => ({ email: roles.user.email, password: PASSWORD }),
          fields: ['email', 'password'],
        },
        {
          method: 'POST',
          url: '/api/auth/register',
          body: () => ({
            firstName: 'Chars',
            lastName: 'Test',
            email: `chars${Math.random()}@example.org`,
            password: 'chars-pass-1',
          }),
          fields: ['firstName', 'lastName', 'email', 'password'],
        },
        {
          method: 'POST',
          url: '/api/passwords',
          body: () => ({ email: roles.user.email }),
          fields: ['email'],
        },
        {
          method: 'PATCH',
          url: `/api/passwords/${'t'.repeat(43)}`,
          body: () => ({ password: 'chars-pass-1' }),
          fields: ['password'],
        },
        {
          method: 'POST',
          url: '/api/assets',
          cookie: user,
          body: () => ({ blob: { filename: 'photo.png', content_type: 'image/png', byte_size: 10 } }),
          fields: ['blob.filename', 'blob.content_type'],
        },
      ];
      const characters = [
        '\u0000',
        '\u0001',
        '\u007f',
        '\ud800',
        '\udfff',
        '\ufeff',
        '\u202e',
        '\u2028',
        '\u{10ffff}',
      ];
      for (const write of writes) {
        for (const field of write.fields) {
          for (const character of characters) {
            const body = write.body();
            const keys = field.split('.');
            const parent = keys
              .slice(0, -1)
              .reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, body);
            const last = keys.at(-1)!;
            const value = String(parent[last]);
            parent[last] = `${value.slice(0, 2)}${character}${value.slice(2)}`;
            await check({
              method: write.method,
              url: write.url,
              headers: write.cookie ? { cookie: write.cookie } : {},
              payload: body,
            });
          }
        }
      }
    },
    TIMEOUT_MS,
  );
});
