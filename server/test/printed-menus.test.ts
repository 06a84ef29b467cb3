/**
 * The provider's printed menus (docs/product.md R682–R683) and the printable week menu (R681): real
 * files (a small PDF, JPEG, PNG and WebP) kept for a partner's or a site's month and served back with
 * the type their bytes say, a site's own replacing its partner's in the site's menu, refusals by
 * content (422, nothing stored) and size (413), who may write, and the week page made on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths.ts';
import { PRINTED_MENU_MAX_BYTES } from '#shared/menus.ts';
import type { PrintedMenu, SiteMenu } from '#shared/schemas/menus.ts';
import { SiteCreateSchema } from '#shared/schemas/sites.ts';
import { buildNutritionPartner, buildSite } from '#testing/factories.ts';
import { smallImage, smallPdf } from '#testing/printed-menu-files.ts';
import { mealTypes, nutritionPartners, printedMenus } from '../db/schema.ts';
import { createSite } from '../services/sites.ts';
import { createTestApp, createUser, login, type TestContext, WITHOUT_HOLIDAYS } from './helpers.ts';

/** Tuesday 1 December 2026, noon in San Francisco (the agency's zone by default). */
const NOON_TUESDAY = new Date('2026-12-01T20:00:00Z');

let ctx: TestContext;
let lunch: number;
let ownPartner: number;
let otherPartner: number;
let ownSite: number;
let otherSite: number;
const cookies = {} as Record<'admin' | 'editor' | 'user' | 'partner', string>;

beforeAll(async () => {
  ctx = await createTestApp({ AGENCY_HOLIDAYS: WITHOUT_HOLIDAYS }, { now: () => NOON_TUESDAY });
  const { db } = ctx.database;
  const item = async (table: typeof mealTypes | typeof nutritionPartners, values: object) =>
    (
      await db
        .insert(table)
        .values(values as never)
        .returning()
    )[0]!.id;
  lunch = await item(mealTypes, { name: 'Lunch', translations: { zh: { name: '午膳' } } });
  ownPartner = await item(nutritionPartners, buildNutritionPartner());
  otherPartner = await item(nutritionPartners, buildNutritionPartner());
  const admin = await createUser(ctx, { admin: true });
  cookies.admin = await login(ctx, admin.email);
  const site = async (partnerId: number, name: string) =>
    (
      await createSite(
        db,
        SiteCreateSchema.parse({
          ...buildSite({
            name,
            Hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: '11:30', close: '13:00' })),
          }),
          NutritionPartnerIds: [partnerId],
          confirmDuplicate: true,
        }),
        admin.id,
      )
    ).id;
  ownSite = await site(ownPartner, 'Chinatown Senior Lunch');
  otherSite = await site(otherPartner, 'Mission Meals');
  for (const role of ['editor', 'user'] as const)
    cookies[role] = await login(ctx, (await createUser(ctx, { role })).email);
  cookies.partner = await login(
    ctx,
    (await createUser(ctx, { role: 'partner', partnerIds: [ownPartner] })).email,
  );
});
afterAll(() => ctx.close());

function putFile(
  url: string,
  body: Buffer | string,
  cookie: string | null = cookies.editor,
  type = 'application/pdf',
) {
  return ctx.app.inject({
    method: 'PUT',
    url,
    payload: body,
    headers: { 'content-type': type, ...(cookie ? { cookie } : {}) },
  });
}

function remove(url: string, cookie: string | null = cookies.editor) {
  return ctx.app.inject({ method: 'DELETE', url, headers: cookie ? { cookie } : {} });
}

async function siteMenu(id: number): Promise<SiteMenu> {
  const response = await ctx.app.inject({ method: 'GET', url: apiPaths.siteMenu(id) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SiteMenu;
}

async function storedCount() {
  return (await ctx.database.db.select().from(printedMenus)).length;
}

describe('a printed menu kept and served (R682, R683)', () => {
  it('keeps a real PDF for a partner’s month, serves its bytes, and offers it on the partner’s sites', async () => {
    const pdf = smallPdf();
    const saved = await putFile(apiPaths.printedMenu('partner', ownPartner, '2026-12'), pdf);
    expect(saved.statusCode, saved.body).toBe(200);
    const file = saved.json() as PrintedMenu;
    expect(file).toMatchObject({
      month: '2026-12',
      source: 'partner',
      ownerId: ownPartner,
      contentType: 'application/pdf',
      byteSize: pdf.length,
    });

    const served = await ctx.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(pdf)).toBe(true);

    const listed = await ctx.app.inject({ method: 'GET', url: apiPaths.printedMenus('partner', ownPartner) });
    expect(listed.json()).toEqual([file]);
    // The partner's site offers it (the week read covers December only); another partner's site does not.
    expect((await siteMenu(ownSite)).printedMenus).toEqual([file]);
    expect((await siteMenu(otherSite)).printedMenus).toEqual([]);
  });

  it('lets a site’s own file replace its partner’s for that month, and a new file replace the old', async () => {
    const jpeg = await smallImage('jpeg');
    const own = await putFile(
      apiPaths.printedMenu('site', ownSite, '2026-12'),
      jpeg,
      cookies.editor,
      'image/jpeg',
    );
    expect(own.statusCode, own.body).toBe(200);
    const first = own.json() as PrintedMenu;
    expect(first).toMatchObject({ source: 'site', ownerId: ownSite, contentType: 'image/jpeg' });
    expect((await siteMenu(ownSite)).printedMenus).toEqual([first]);

    // The type is what the bytes are, whatever the request declared.
    const png = await smallImage('png');
    const again = await putFile(
      apiPaths.printedMenu('site', ownSite, '2026-12'),
      png,
      cookies.editor,
      'application/pdf',
    );
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json() as PrintedMenu;
    expect(second.contentType).toBe('image/png');
    expect(second.url).not.toBe(first.url);
    expect((await ctx.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);
    const served = await ctx.app.inject({ method: 'GET', url: second.url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    const webp = await smallImage('webp');
    const next = await putFile(
      apiPaths.printedMenu('site', ownSite, '2027-01'),
      webp,
      cookies.editor,
      'image/webp',
    );
    expect(next.json()).toMatchObject({ contentType: 'image/webp', month: '2027-01' });
  });

  it('removes a month’s file: its address answers 404, the partner’s is offered again', async () => {
    const before = (await siteMenu(ownSite)).printedMenus[0]!;
    expect(before.source).toBe('site');
    expect((await remove(apiPaths.printedMenu('site', ownSite, '2026-12'))).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: before.url })).statusCode).toBe(404);
    expect((await siteMenu(ownSite)).printedMenus.map((f) => f.source)).toEqual(['partner']);
    expect((await remove(apiPaths.printedMenu('site', ownSite, '2026-12'))).statusCode).toBe(404);
  });
});

describe('refusals store nothing (R682)', () => {
  const url = () => apiPaths.printedMenu('partner', ownPartner, '2027-02');

  it.each([
    ['a text file', async () => Buffer.from('Monday: soup\nTuesday: rice\n'), 'file_type'],
    ['a GIF (a real image, not one of the types)', async () => gif(), 'file_type'],
    ['a PDF cut short (no end)', async () => smallPdf().subarray(0, 200), 'file_type'],
    [
      'a PNG signature with no image after it',
      async () => (await smallImage('png')).subarray(0, 40),
      'file_type',
    ],
    ['nothing', async () => Buffer.alloc(0), 'empty_file'],
  ])('refuses %s', async (_name, bytes, code) => {
    const before = await storedCount();
    const response = await putFile(url(), await bytes());
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual([expect.objectContaining({ path: 'file', code })]);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = Buffer.concat([smallPdf(), Buffer.alloc(PRINTED_MENU_MAX_BYTES)]);
    const response = await putFile(url(), big);
    expect(response.statusCode).toBe(413);
  });

  it.each([
    ['december', 'invalid_month'],
    ['2026-13', 'invalid_month'],
    ['2029-01', 'out_of_range'],
    ['2025-10', 'out_of_range'],
  ])('refuses the month %s', async (month, code) => {
    const response = await putFile(apiPaths.printedMenu('partner', ownPartner, month), smallPdf());
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([expect.objectContaining({ path: 'month', code })]);
  });

  it('refuses a site or partner that does not exist', async () => {
    const site = await putFile(apiPaths.printedMenu('site', 999_999, '2026-12'), smallPdf());
    expect(site.statusCode).toBe(422);
    expect(site.json().errors).toEqual([expect.objectContaining({ path: 'siteId', code: 'unknown_site' })]);
    const list = await ctx.app.inject({ method: 'GET', url: apiPaths.printedMenus('partner', 999_999) });
    expect(list.statusCode).toBe(404);
  });
});

describe('who may write (R682)', () => {
  const cases: [string, () => string, 'admin' | 'editor' | 'user' | 'partner' | 'anonymous', number][] = [
    [
      'anonymous, a partner’s',
      () => apiPaths.printedMenu('partner', ownPartner, '2027-03'),
      'anonymous',
      401,
    ],
    ['a plain user, a site’s', () => apiPaths.printedMenu('site', ownSite, '2027-03'), 'user', 403],
    [
      'a partner manager, another partner’s',
      () => apiPaths.printedMenu('partner', otherPartner, '2027-03'),
      'partner',
      403,
    ],
    [
      'a partner manager, another partner’s site',
      () => apiPaths.printedMenu('site', otherSite, '2027-03'),
      'partner',
      403,
    ],
    [
      'a partner manager, their own partner’s',
      () => apiPaths.printedMenu('partner', ownPartner, '2027-03'),
      'partner',
      200,
    ],
    [
      'a partner manager, their own partner’s site',
      () => apiPaths.printedMenu('site', ownSite, '2027-03'),
      'partner',
      200,
    ],
    ['an administrator, any site', () => apiPaths.printedMenu('site', otherSite, '2027-03'), 'admin', 200],
  ];
  it.each(cases)('%s: %s', async (_name, url, who, status) => {
    const cookie = who === 'anonymous' ? null : cookies[who];
    const response = await putFile(url(), smallPdf(), cookie);
    expect(response.statusCode, response.body).toBe(status);
    const removed = await remove(url(), cookie);
    expect(removed.statusCode).toBe(status === 200 ? 204 : status);
  });
});

describe('the printable week menu (R681)', () => {
  it('is a page made on the server in the reader’s language, with the week’s days and the QR code', async () => {
    const put = await ctx.app.inject({
      method: 'PUT',
      url: apiPaths.partnerMenuDay(ownPartner, '2026-12-03'),
      payload: {
        meals: [
          {
            mealTypeId: lunch,
            dishes: [
              { name: 'Chicken congee', translations: { zh: { name: '雞粥' } }, diets: ['soft'] },
              { name: 'Mapo tofu', diets: ['vegetarian'] },
            ],
          },
        ],
      },
      headers: { cookie: cookies.editor },
    });
    expect(put.statusCode, put.body).toBe(200);
    const page = await ctx.app.inject({ method: 'GET', url: apiPaths.weekMenuPrint(ownSite, 'zh') });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(html).toContain('<html lang="zh-Hant">');
    expect(html).toContain('本週菜單');
    expect(html).toContain('<span lang="en">Chinatown Senior Lunch</span>');
    expect(html).toContain('午膳');
    expect(html).toContain('<li>雞粥 (軟餐)</li>');
    expect(html).toContain('<li><span lang="en">Mapo tofu</span> (素食)</li>');
    // Saturday and Sunday are closed (no hours); a weekday without a menu is not published.
    expect(html.match(/<p>休息<\/p>/g)).toHaveLength(2);
    expect(html).toContain('菜單未公佈');
    // Seven days, from today.
    expect(html.match(/<li class="day">/g)).toHaveLength(7);
    expect(html).toContain(`src="/api/sites/${ownSite}/qr.svg?lng=zh"`);
    expect(html).not.toContain('<script');
  });

  it('is not made for a site that does not exist', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: apiPaths.weekMenuPrint(999_999, 'en') });
    expect(page.statusCode).not.toBe(200);
    expect(page.body).not.toContain('Menu for the week');
  });
});

/** A real 1×1 GIF. */
function gif() {
  return Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
}
