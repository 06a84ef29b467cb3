/**
 * docs/permissions.md: every operation of /api/openapi.json, tried as each kind of caller, is refused
 * (401 or 403) exactly where the documented table says "no" (docs/product.md R570–R571). A new route
 * with no row in the table fails here, and so does a row whose route is gone.
 *
 * "Allowed" means anything but 401 and 403: the body is empty and most ids do not exist, so an allowed
 * caller usually meets 404, 409, 415 or 422 — what matters is that the rule let them through. Site ids
 * are real: the partner manager's own site (of their nutrition partner) and another partner's site, and
 * so are a closure's (R608): one of such a site, and a new closure naming one.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteCreateSchema } from '#shared/schemas/sites.ts';
import { buildNutritionPartner, buildSite } from '#testing/factories.ts';
import { nutritionPartners } from '../db/schema.ts';
import { createClosure } from '../services/closures.ts';
import { createSite } from '../services/sites.ts';
import { createTestApp, createUser, login, type TestContext } from './helpers.ts';

const CALLERS = [
  'anonymous',
  'user',
  'partner (own site)',
  'partner (other site)',
  'editor',
  'admin',
] as const;
type Caller = (typeof CALLERS)[number];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Account {
  id: number;
  email: string;
  cookie: string;
}

let ctx: TestContext;
const accounts = {} as Record<Exclude<Caller, 'anonymous' | 'partner (other site)'>, Account>;
let ownPartner: number;
let otherPartner: number;

beforeAll(async () => {
  ctx = await createTestApp({ REPORTS_PER_HOUR: '1000' });
  const { db } = ctx.database;
  const partner = async () =>
    (await db.insert(nutritionPartners).values(buildNutritionPartner()).returning())[0]!.id;
  ownPartner = await partner();
  otherPartner = await partner();
  const make = async (options: Parameters<typeof createUser>[1]) => {
    const user = await createUser(ctx, options);
    return { id: user.id, email: user.email, cookie: await login(ctx, user.email) };
  };
  accounts.admin = await make({ admin: true });
  accounts.editor = await make({ role: 'editor' });
  accounts.user = await make({});
  accounts['partner (own site)'] = await make({ role: 'partner', partnerIds: [ownPartner] });
});
afterAll(() => ctx?.close());

/** The documented table: `| METHOD /path | yes/no × callers |` rows of docs/permissions.md. */
function documentedTable(): Map<string, string[]> {
  const text = fs.readFileSync(new URL('../../docs/permissions.md', import.meta.url), 'utf8');
  const rows = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^\| `(GET|POST|PUT|PATCH|DELETE) (\/[^`]*)` \|(.*)\|$/.exec(line);
    if (!match) continue;
    rows.set(
      `${match[1]} ${match[2]}`,
      match[3]!.split('|').map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** A site of the given partner, made for one request (a delete or a change must not spoil the next). */
async function siteOf(partnerId: number): Promise<number> {
  const site = await createSite(
    ctx.database.db,
    SiteCreateSchema.parse({ ...buildSite(), NutritionPartnerIds: [partnerId], confirmDuplicate: true }),
    accounts.admin.id,
  );
  return site.id;
}

/** A closure of a site of the given partner, made for one request. */
async function closureOf(partnerId: number): Promise<number> {
  const closure = await createClosure(
    ctx.database.db,
    { startDate: '2027-02-01', endDate: '2027-02-02', reason: 'Repairs', siteIds: [await siteOf(partnerId)] },
    accounts.admin.id,
  );
  return closure.id;
}

/** The partner whose site a caller's request names: another partner's for "partner (other site)". */
const partnerOf = (caller: Caller) => (caller === 'partner (other site)' ? otherPartner : ownPartner);

async function pathFor(template: string, caller: Caller): Promise<string> {
  const own =
    caller === 'anonymous'
      ? accounts.admin.id
      : accounts[caller === 'partner (other site)' ? 'partner (own site)' : caller].id;
  let path = template;
  if (path.startsWith('/api/sites/{id}'))
    path = path.replace('{id}', String(await siteOf(partnerOf(caller))));
  if (path.startsWith('/api/closures/{id}'))
    path = path.replace('{id}', String(await closureOf(partnerOf(caller))));
  if (path.startsWith('/api/users/{id}')) path = path.replace('{id}', String(own));
  return path
    .replace('{id}', '999999')
    .replace('{key}', 'new_years_day')
    .replace('{date}', '2027-01-01')
    .replace(/\{\w+\}/g, 'not-a-real-token');
}

/** An empty body, but a new closure names a real site: whose it is decides (R608). */
async function bodyFor(method: string, template: string, caller: Caller): Promise<object> {
  if (method !== 'post' || template !== '/api/closures') return {};
  return {
    startDate: '2027-03-01',
    endDate: null,
    reason: 'Closed',
    siteIds: [await siteOf(partnerOf(caller))],
  };
}

/** Whether the caller got past the rules: anything but 401 and 403. */
async function allowed(method: string, template: string, caller: Caller): Promise<'yes' | 'no'> {
  const account =
    caller === 'anonymous'
      ? undefined
      : accounts[caller === 'partner (other site)' ? 'partner (own site)' : caller];
  const response = await ctx.app.inject({
    method: method.toUpperCase() as 'GET',
    url: await pathFor(template, caller),
    headers: account ? { cookie: account.cookie } : {},
    ...(method === 'get' || method === 'delete' ? {} : { payload: await bodyFor(method, template, caller) }),
  });
  // Signing in, out or up replaces the caller's session: give them a fresh one for what follows.
  if (account && template.startsWith('/api/auth/')) account.cookie = await login(ctx, account.email);
  return response.statusCode === 401 || response.statusCode === 403 ? 'no' : 'yes';
}

describe('the permission matrix (docs/permissions.md)', () => {
  it('refuses each caller exactly where the documented table says no, for every operation', async () => {
    const openapi = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Partial<Record<(typeof METHODS)[number], unknown>>>;
    };
    const documented = documentedTable();
    const measured = new Map<string, string[]>();
    for (const [template, operations] of Object.entries(openapi.paths)) {
      for (const method of METHODS) {
        if (!operations[method]) continue;
        const row: string[] = [];
        for (const caller of CALLERS) row.push(await allowed(method, template, caller));
        measured.set(`${method.toUpperCase()} ${template}`, row);
      }
    }
    const asTable = (rows: Map<string, string[]>) =>
      [...rows].map(([operation, cells]) => `| \`${operation}\` | ${cells.join(' | ')} |`).sort();
    // On a difference, the measured table is printed in the document's own format.
    expect(asTable(measured)).toEqual(asTable(documented));
    expect(measured.size).toBeGreaterThan(80);
    // Some 700 requests, each on fresh rows: a busy machine takes its time, which is not what is tested.
  }, 600_000);
});
