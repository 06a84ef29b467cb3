/**
 * Issue 7, hostile input: property-based tests (fast-check) that send every endpoint random and
 * boundary bodies, path params, query strings and headers — wrong types, huge strings, deep nesting,
 * unicode (lone surrogates included), nulls, negative and huge ids, duplicate and unknown ids in the
 * …Ids lists, prototype-pollution keys — as anonymous, user and administrator.
 *
 * Properties: never a 5xx, never a stack trace, errors in the one JSON shape, no prototype pollution,
 * and a refused request (4xx) leaves every table exactly as it was (a digest of every row of every
 * table before and after). Besides the random cases, every text field of every write is tried with
 * each character that storage or display finds hard (U+0000, lone surrogates, BOM, RLO…). `npm test` runs FUZZ_RUNS=300 cases; `npm run fuzz` runs 10,000 or more
 * (`FUZZ_SEED` replays a run; fast-check prints the seed and the shrunk case on failure).
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REFERENCE_LIST_NAMES,
  REFERENCE_LISTS,
  type ReferenceListName,
} from '../../shared/schemas/reference-lists.ts';
import { buildNutritionPartner, buildSite } from '../../testing/factories.ts';
import { rowsOf } from '../db/client.ts';
import { createTestApp, PASSWORD, signInRoles, type TestContext } from './helpers.ts';

const RUNS = Math.max(10, Number(process.env.FUZZ_RUNS ?? 300));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** Big runs need time; a case takes a few milliseconds. */
const TIMEOUT_MS = Math.max(120_000, RUNS * 60);

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof signInRoles>>;
let clientDir: string;
const ids = {
  sites: [] as number[],
  items: {} as Record<ReferenceListName, number[]>,
  assets: [] as string[],
};
let digestSql = '';

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
  for (const filename of ['a.png', 'b.pdf']) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: admin,
      payload: { blob: { filename, byte_size: 64 } },
    });
    ids.assets.push(response.json().signed_id);
  }
  // One digest per table, over every row: any change to any table changes it.
  const tables = rowsOf<{ name: string }>(
    await ctx.database.db.execute(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1" as never,
    ),
  ).map((t) => t.name);
  expect(tables).toEqual(expect.arrayContaining(['sites', 'users', 'sessions', 'populations']));
  digestSql = `select ${tables
    .map(
      (t) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from "${t}" x) as "${t}"`,
    )
    .join(', ')}`;
});
afterAll(async () => {
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
  version: 1,
});

type Template = () => Record<string, unknown>;
const TEMPLATES: Record<string, Template> = {
  site: siteTemplate,
  item: () => ({ name: 'A list item', version: 1 }),
  partner: () => ({ ...buildNutritionPartner(), version: 1 }),
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
  if (REFERENCE_LIST_NAMES.some((list) => path.startsWith(`/api/${list}`))) return TEMPLATES.item;
  if (path === '/api/auth/login') return TEMPLATES.login;
  if (path === '/api/auth/register') return TEMPLATES.register;
  if (path.startsWith('/api/users/')) return TEMPLATES.user;
  if (path === '/api/passwords') return TEMPLATES.forgot;
  if (path.startsWith('/api/passwords/') && method === 'PATCH') return TEMPLATES.reset;
  if (path === '/api/assets') return TEMPLATES.blob;
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
  // A role's session cookie wins over a fuzzed cookie most of the time.
  if (role !== 'anonymous') headers.cookie = roles[role].cookie;
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

async function check(options: InjectOptions) {
  const before = await digest();
  const response = await ctx.app.inject(options);
  histogram.set(response.statusCode, (histogram.get(response.statusCode) ?? 0) + 1);
  const label = `${options.method} ${String(options.url).slice(0, 120)} → ${response.statusCode}: ${response.body.slice(0, 300)}`;
  expect(response.statusCode, label).toBeLessThan(500);
  expect(response.body, label).not.toMatch(STACK);
  expect(Object.keys(Object.prototype), 'Object.prototype polluted').toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  const api = String(options.url).startsWith('/api/');
  if (response.statusCode === 201) {
    // New records join the pools of real ids, so later cases edit and delete them too.
    const created = /^\/api\/([a-z]+)(\?|$)/.exec(String(options.url))?.[1];
    const id = (response.json() as { id?: number }).id;
    if (created === 'sites' && id) ids.sites.push(id);
    else if (created && id && created in ids.items) ids.items[created as ReferenceListName].push(id);
  }
  if (response.statusCode >= 400) {
    // Refused: one JSON error shape, and nothing changed anywhere.
    if (options.method !== 'HEAD' && (api || response.statusCode !== 404)) {
      const body = response.json() as { status: number; message?: string; errors?: unknown[] };
      expect(body.status, label).toBe(response.statusCode);
      expect(typeof body.message === 'string' || Array.isArray(body.errors), label).toBe(true);
    }
    expect(await digest(), `data changed by a refused request: ${label}`).toEqual(before);
  }
  return response;
}

describe(`hostile input (${RUNS} cases; FUZZ_RUNS for more)`, () => {
  it(
    'any endpoint, any role, any body, params, query and headers: never a 5xx, refused requests change nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(request, async (c) => {
          await check(toInject(c));
        }),
        { numRuns: Math.round(RUNS * 0.8), seed: SEED, endOnFailure: true },
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
          const response = await check({
            method: create ? 'POST' : 'PATCH',
            url,
            headers: { cookie: roles.admin.cookie },
            payload: create ? { ...buildSite(), ...idLists } : idLists,
          });
          const valid = listKeys.every(([list, key]) =>
            (idLists[key] as unknown[]).every((id) => existing[list].includes(id as number)),
          );
          expect(response.statusCode, response.body).toBe(valid ? (create ? 201 : 200) : 422);
          if (!valid) return;
          const site = response.json() as Record<string, { id: number }[]>;
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
