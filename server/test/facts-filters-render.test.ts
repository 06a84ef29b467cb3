import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteFacts } from '#shared/site-facts.ts';
import { buildSite } from '#testing/factories.ts';
import { createTestApp, signInRoles, type TestContext } from './helpers.ts';

/**
 * The facts' filters without scripts (docs/product.md R530–R534): the GET form lands on
 * /sites?walkins=1&stepfree=1&speaks=yue, and the page the server renders — with the real renderer
 * (client/src/entry-server.tsx), not a stand-in — lists only the sites that match all three, and says
 * how many. The address is normalised first: unknown values dropped, the keys in their one order.
 */
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta name="description" content="x" /><title>x</title><!--app-data-->' +
  '</head><body><div id="root"></div><noscript><!--noscript-->x</noscript></body></html>';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'meals-dist-'));
  fs.mkdirSync(path.join(dist, 'client'));
  fs.mkdirSync(path.join(dist, 'server'));
  fs.writeFileSync(path.join(dist, 'client', 'index.html'), TEMPLATE);
  const real = pathToFileURL(path.resolve(import.meta.dirname, '../../client/src/entry-server.tsx')).href;
  fs.writeFileSync(path.join(dist, 'server', 'entry-server.js'), `export { render } from '${real}';\n`);
  ctx = await createTestApp({ CLIENT_DIST: path.join(dist, 'client'), LOG_LEVEL: 'error' });
  admin = (await signInRoles(ctx)).admin.cookie;
  const sites: [string, SiteFacts][] = [
    ['Cantonese Step-Free Walk-In Lunch', { walkIns: true, stepFree: true, languages: ['en', 'yue'] }],
    ['Cantonese Reservation Lunch', { reservation: 'required', stepFree: true, languages: ['yue'] }],
    ['Spanish Walk-In Lunch', { reservation: 'not_needed', stepFree: true, languages: ['es'] }],
    ['Undescribed Lunch', {}],
  ];
  for (const [name, facts] of sites) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: { cookie: admin },
      payload: { ...buildSite({ name }), facts },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
});
afterAll(() => ctx.close());

const root = (body: string) => /<div id="root">([\s\S]*)<\/div><noscript>/.exec(body)?.[1] ?? '';
const appData = (body: string) =>
  JSON.parse(/<script id="app-data" type="application\/json">([\s\S]*?)<\/script>/.exec(body)![1]!);

describe('/sites with the facts filters, rendered on the server', () => {
  it('lists only the sites that welcome walk-ins, are step-free and have Cantonese-speaking staff', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/sites?walkins=1&stepfree=1&speaks=yue' });
    expect(response.statusCode).toBe(200);
    const html = root(response.body);
    expect(html).toContain('Cantonese Step-Free Walk-In Lunch');
    expect(html).not.toContain('Cantonese Reservation Lunch');
    expect(html).not.toContain('Spanish Walk-In Lunch');
    expect(html).not.toContain('Undescribed Lunch');
    expect(html).toContain('1 site found');
    // The form shows the choices, so that "Apply" without scripts keeps them.
    expect(html).toMatch(/<input[^>]*name="walkins"[^>]*checked=""|<input[^>]*checked=""[^>]*name="walkins"/);
    expect(html).toMatch(/<option value="yue" selected="">Cantonese<\/option>/);
    // "Apply" is shown in the server's HTML: it submits the form when scripts do not run.
    expect(html).toMatch(/<button type="submit" class="button site-filters__apply">Apply<\/button>/);
    expect(appData(response.body).renderedFor).toBe('/sites?walkins=1&stepfree=1&speaks=yue');
  });

  it('in Spanish, one filter at a time, names the languages sites list', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/sites?lng=es&walkins=1' });
    const html = root(response.body);
    expect(html).toContain('Cantonese Step-Free Walk-In Lunch');
    expect(html).toContain('Spanish Walk-In Lunch');
    expect(html).not.toContain('Cantonese Reservation Lunch');
    expect(html).toContain('Se encontraron 2 comedores');
    expect(html).toContain('<option value="yue">cantonés</option>');
    expect(html).toContain('<option value="es">español</option>');
    expect(html).not.toContain('<option value="ko">');
  });

  it('drops unknown values and puts the keys in their order: the same page as the address without them', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/sites?speaks=klingon&stepfree=yes&walkins=1&junk=2',
    });
    expect(appData(response.body).renderedFor).toBe('/sites?walkins=1');
    const ordered = await ctx.app.inject({ method: 'GET', url: '/sites?speaks=yue&stepfree=1&walkins=1' });
    expect(appData(ordered.body).renderedFor).toBe('/sites?walkins=1&stepfree=1&speaks=yue');
    expect(root(ordered.body)).toContain('1 site found');
  });
});
