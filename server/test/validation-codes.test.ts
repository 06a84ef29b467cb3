/**
 * Every 422 carries, beside its English message, a code from the table in shared/validation.ts (and
 * its params), so clients can translate it: driven with invalid site, reference-item, user, login,
 * registration, password, closure and upload bodies until every code of the table has been seen.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isValidationCode,
  VALIDATION_CODES,
  type ValidationCode,
  type ValidationParams,
  validationMessage,
} from '#shared/validation.ts';
import { buildSite } from '#testing/factories.ts';
import { smallPdf } from '#testing/printed-menu-files.ts';
import { createTestApp, PASSWORD, signInRoles, type TestContext } from './helpers.ts';

let ctx: TestContext;
let cookies: Awaited<ReturnType<typeof signInRoles>>;
let siteId: number;
let partnerId: number;
const seen = new Set<string>();

beforeAll(async () => {
  ctx = await createTestApp({ ALLOW_REGISTRATION: 'true', UPLOAD_MAX_BYTES: '100000' });
  cookies = await signInRoles(ctx);
  const site = await as('admin', { method: 'POST', url: '/api/sites', payload: buildSite() });
  siteId = site.json().id;
  const partner = await as('admin', {
    method: 'POST',
    url: '/api/nutritionpartners',
    payload: { name: 'P' },
  });
  partnerId = partner.json().id;
});
afterAll(() => ctx.close());

function as(who: 'admin' | 'user' | 'nobody', options: InjectOptions) {
  const cookie = who === 'nobody' ? undefined : cookies[who].cookie;
  return ctx.app.inject({ ...options, headers: { ...(cookie ? { cookie } : {}), ...options.headers } });
}

type FieldError = { path: string; message: string; code: string; params?: ValidationParams };

/** Sends the request, expects a 422 whose every error has a known code and the table's message. */
async function refused(who: 'admin' | 'user' | 'nobody', options: InjectOptions): Promise<FieldError[]> {
  const response = await as(who, options);
  expect(response.statusCode, response.body).toBe(422);
  const { errors } = response.json() as { errors: FieldError[] };
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) {
    expect(isValidationCode(error.code), JSON.stringify(error)).toBe(true);
    expect(error.code, JSON.stringify(error)).not.toBe('invalid');
    expect(error.message).toBe(validationMessage(error.code as ValidationCode, error.params));
    seen.add(error.code);
  }
  return errors;
}

const json = (method: string, url: string, payload: unknown): InjectOptions => ({
  method: method as InjectOptions['method'],
  url,
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(payload),
});

const siteBodies: [string, unknown][] = [
  ['not an object', []],
  [
    'facts: amounts, lead times, languages',
    {
      ...buildSite(),
      facts: {
        cost: 'free',
        suggestedAmount: 3,
        guestPrice: 1000,
        reserveDays: 15,
        reserveHours: 2,
        languages: ['xx'],
      },
    },
  ],
  ['a phone extension', { ...buildSite(), phoneExtension: 'front desk' }],
  ['null', null],
  ['name missing, address blank, name not text', { ...buildSite(), name: 42, address: ' ' }],
  ['too long', { ...buildSite(), name: 'x'.repeat(201) }],
  ['phone, email, website', { ...buildSite(), phoneNumber: 'call', email: 'x@', website: 'javascript:x' }],
  ['not text e-mail and website', { ...buildSite(), email: 5, website: 5, phoneNumber: 5 }],
  ['weekday', { ...buildSite(), Hours: [{ day: 'Monday', open: '9:00', close: '10:00' }] }],
  ['time', { ...buildSite(), Hours: [{ day: 1, open: 'nine', close: 5 }] }],
  ['close before open', { ...buildSite(), Hours: [{ day: 1, open: '10:00', close: '9:00' }] }],
  ['weeks of the month', { ...buildSite(), Hours: [{ day: 1, open: '9:00', close: '10:00', weeks: [5] }] }],
  ['hours not a list', { ...buildSite(), Hours: 'Mondays' }],
  ['an hour not an object', { ...buildSite(), Hours: ['9-5'] }],
  [
    'too many hours',
    {
      ...buildSite(),
      Hours: Array.from({ length: 71 }, (_, i) => ({ day: i % 7, open: '9:00', close: '9:30' })),
    },
  ],
  ['letters in a coordinate', { ...buildSite(), lat: 'abc', lng: 'def' }],
  ['coordinates out of range', { ...buildSite(), lat: 91, lng: -181 }],
  ['one coordinate', { ...buildSite(), lat: 37.7, lng: null }],
  ['ids', { ...buildSite(), PopulationIds: 3, ServiceIds: ['3', -1, 1.5], MealTypeIds: [0] }],
  ['too many ids', { ...buildSite(), CovidStatusIds: Array.from({ length: 201 }, (_, i) => i + 1) }],
  ['unknown ids', { ...buildSite(), NutritionPartnerIds: [999_999] }],
  ['version', { ...buildSite(), version: 'one' }],
  ['translations not by language', { ...buildSite(), translations: 'Comedor' }],
  [
    'a translation too long or not text',
    { ...buildSite(), translations: { es: { name: 'x'.repeat(201) }, zh: { name: 5 } } },
  ],
];

describe('sites', () => {
  it.each(siteBodies)('POST: %s', async (_label, body) => {
    await refused('admin', json('POST', '/api/sites', body));
  });

  it.each(siteBodies)('PATCH: %s', async (_label, body) => {
    await refused('admin', json('PATCH', `/api/sites/${siteId}`, body));
  });

  it('a site paired or merged with itself (R575–R576)', async () => {
    const pair = await refused(
      'admin',
      json('POST', `/api/sites/${siteId}/not-duplicates`, { otherId: siteId }),
    );
    expect(pair).toEqual([expect.objectContaining({ path: 'otherId', code: 'same_site' })]);
    const merge = await refused(
      'admin',
      json('POST', `/api/sites/${siteId}/merge`, { mergedId: siteId, version: 1, mergedVersion: 1 }),
    );
    expect(merge).toEqual([expect.objectContaining({ path: 'mergedId', code: 'same_site' })]);
  });

  it('DELETE with a bad version', async () => {
    const errors = await refused('admin', { method: 'DELETE', url: `/api/sites/${siteId}?version=abc` });
    expect(errors).toEqual([expect.objectContaining({ path: 'version', code: 'invalid_version' })]);
  });

  it('letters typed in a coordinate box are not_a_number on that field', async () => {
    const errors = await refused('admin', json('POST', '/api/sites', { ...buildSite(), lat: 'abc', lng: 1 }));
    expect(errors).toEqual([{ path: 'lat', message: 'must be a number', code: 'not_a_number' }]);
  });
});

describe('reference items', () => {
  it.each<[string, unknown]>([
    ['not an object', 'name'],
    ['no name', { name: null }],
    ['name too long', { name: 'x'.repeat(201) }],
    ['contact fields', { name: 'P', phoneNumber: '123', email: 'nope', website: 'ftp://x.org' }],
    ['website too long', { name: 'P', website: `https://example.org/${'x'.repeat(500)}` }],
    ['version', { name: 'P', version: 0 }],
    ['translations not by language', { name: 'P', translations: ['Socio'] }],
    ['a language not an object', { name: 'P', translations: { zh: '夥伴' } }],
    ['a translation too long', { name: 'P', translations: { es: { name: 'x'.repeat(201) } } }],
  ])('nutrition partner: %s', async (_label, body) => {
    await refused('admin', json('POST', '/api/nutritionpartners', body));
    await refused('admin', json('PATCH', `/api/nutritionpartners/${partnerId}`, body));
  });

  it('a plain list', async () => {
    await refused('admin', json('POST', '/api/populations', { name: '' }));
    await refused('admin', { method: 'DELETE', url: `/api/populations/1?version=-2` });
  });
});

describe('closures', () => {
  const holiday = { startDate: '2026-11-26', endDate: '2026-11-26', reason: 'Thanksgiving', allSites: true };
  const bodies: [string, unknown][] = [
    ['not an object', 'Thanksgiving'],
    [
      'dates, reason and allSites',
      { startDate: '11/26/2026', endDate: '2026-13-01', reason: ' ', allSites: 1 },
    ],
    ['nothing', {}],
    ['end before start', { ...holiday, endDate: '2026-11-25' }],
    ['no sites', { ...holiday, allSites: false }],
    ['sites and all sites', { ...holiday, siteIds: [1] }],
    ['bad site ids', { ...holiday, allSites: undefined, siteIds: [0] }],
    ['reason too long', { ...holiday, reason: 'x'.repeat(201) }],
    ['translations not by language', { ...holiday, translations: 7 }],
    ['a reason translation too long', { ...holiday, translations: { es: { reason: 'x'.repeat(201) } } }],
  ];
  let closureId: number;
  beforeAll(async () => {
    closureId = (await as('admin', json('POST', '/api/closures', holiday))).json().id;
  });

  it.each(bodies)('POST and PATCH: %s', async (_label, body) => {
    await refused('admin', json('POST', '/api/closures', body));
    if (body && typeof body === 'object' && Object.keys(body).length === 0) return;
    await refused('admin', json('PATCH', `/api/closures/${closureId}`, body));
  });

  it('unknown sites', async () => {
    const errors = await refused(
      'admin',
      json('POST', '/api/closures', { ...holiday, allSites: undefined, siteIds: [siteId, 999_999] }),
    );
    expect(errors).toEqual([
      expect.objectContaining({ path: 'siteIds', code: 'unknown_ids', params: { ids: [999_999] } }),
    ]);
  });

  it('a covid status that is not sure whether it closes the site', async () => {
    const errors = await refused(
      'admin',
      json('POST', '/api/covidstatuses', { name: 'Closed', closesSite: 'yes' }),
    );
    expect(errors).toEqual([expect.objectContaining({ path: 'closesSite', code: 'not_boolean' })]);
  });
});

describe('users, login, registration and passwords', () => {
  it.each<[string, unknown]>([
    ['not an object', 5],
    ['blank names', { firstName: ' ', lastName: '' }],
    ['too long', { firstName: 'x'.repeat(101), picture: 'x'.repeat(501) }],
    ['e-mail', { email: 'not-an-email' }],
    ['e-mail too long', { email: `${'x'.repeat(250)}@example.org` }],
    ['weak passwords', { password: 'short' }],
    ['password too long', { password: `a1${'x'.repeat(200)}` }],
    ['language and picture', { language: 'fr', picture: 5 }],
    ['unknown picture', { picture: '1--AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
  ])('PATCH and PUT the account: %s', async (_label, body) => {
    for (const method of ['PATCH', 'PUT']) {
      await refused('user', json(method, `/api/users/${cookies.user.id}`, body));
    }
  });

  it('an e-mail another account has', async () => {
    const errors = await refused(
      'user',
      json('PATCH', `/api/users/${cookies.user.id}`, {
        email: cookies.admin.email,
        currentPassword: PASSWORD,
      }),
    );
    expect(errors).toEqual([{ path: 'email', message: 'is already taken', code: 'email_taken' }]);
  });

  it('a new e-mail with a wrong current password', async () => {
    const errors = await refused(
      'user',
      json('PATCH', `/api/users/${cookies.user.id}`, {
        email: 'someone-else@example.org',
        currentPassword: 'not-the-password-1',
      }),
    );
    expect(errors).toEqual([
      { path: 'currentPassword', message: 'is not correct', code: 'incorrect_password' },
    ]);
  });

  it.each<[string, unknown]>([
    ['not an object', null],
    ['nothing', {}],
    ['too long', { email: `${'x'.repeat(250)}@example.org`, password: 'x'.repeat(201) }],
  ])('login: %s', async (_label, body) => {
    await refused('nobody', json('POST', '/api/auth/login', body));
  });

  it('login with a wrong password', async () => {
    const errors = await refused(
      'nobody',
      json('POST', '/api/auth/login', { email: cookies.user.email, password: 'wrong-password1' }),
    );
    expect(errors).toEqual([
      { path: 'email', message: 'Invalid email and/or password.', code: 'invalid_login' },
    ]);
  });

  it.each<[string, unknown]>([
    ['not an object', []],
    ['nothing', {}],
    ['bad fields', { firstName: 'x'.repeat(101), lastName: ' ', email: 'x', password: 'abcdefgh' }],
  ])('register: %s', async (_label, body) => {
    await refused('nobody', json('POST', '/api/auth/register', body));
  });

  it('register with an e-mail already registered', async () => {
    const body = {
      firstName: 'A',
      lastName: 'B',
      email: cookies.admin.email.toUpperCase(),
      password: 'password1',
    };
    await refused('nobody', json('POST', '/api/auth/register', body));
  });

  it.each<[string, unknown]>([
    ['not an object', 'me@example.org'],
    ['no e-mail', {}],
    ['e-mail too long', { email: `${'x'.repeat(250)}@example.org` }],
  ])('forgotten password: %s', async (_label, body) => {
    await refused('nobody', json('POST', '/api/passwords', body));
  });

  it.each<[string, unknown]>([
    ['not an object', 'password1'],
    ['no password', {}],
    ['weak', { password: '12345678' }],
    ['too long', { password: `a1${'x'.repeat(200)}` }],
  ])('new password: %s', async (_label, body) => {
    await refused('nobody', json('PATCH', '/api/passwords/some-token', body));
  });
});

describe('uploads', () => {
  const createAsset = (payload: unknown) => refused('user', json('POST', '/api/assets', payload));

  async function created(filename: string, bytes: number) {
    const response = await as('user', json('POST', '/api/assets', { blob: { filename, byte_size: bytes } }));
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      signed_id: string;
      direct_upload: { url: string; headers: Record<string, string> };
    };
  }
  const put = (asset: Awaited<ReturnType<typeof created>>, body: Buffer) =>
    as('user', {
      method: 'PUT',
      url: asset.direct_upload.url,
      headers: asset.direct_upload.headers,
      payload: body,
    });

  it.each<[string, unknown]>([
    ['not an object', 'me.png'],
    ['no blob', {}],
    ['blob not an object', { blob: 'me.png' }],
    ['no file name', { blob: { filename: ' ', byte_size: 10 } }],
    ['file name not text', { blob: { filename: 5, byte_size: 10 } }],
    ['file name too long', { blob: { filename: `${'x'.repeat(252)}.png`, byte_size: 10 } }],
    ['file type', { blob: { filename: 'x.exe', byte_size: 10 } }],
    ['content type', { blob: { filename: 'x.png', byte_size: 10, content_type: 'x'.repeat(256) } }],
    ['content type not text', { blob: { filename: 'x.png', byte_size: 10, content_type: 5 } }],
    ['size not a number', { blob: { filename: 'x.png', byte_size: '10' } }],
    ['size not whole', { blob: { filename: 'x.png', byte_size: 1.5 } }],
    ['empty', { blob: { filename: 'x.png', byte_size: 0 } }],
    ['too large', { blob: { filename: 'x.png', byte_size: 100_001 } }],
  ])('POST /api/assets: %s', async (_label, body) => {
    await createAsset(body);
  });

  it('a short upload, bytes that are not an image, and pictures that cannot be used', async () => {
    const short = await created('me.png', 100);
    await refused('user', {
      method: 'PUT',
      url: short.direct_upload.url,
      headers: short.direct_upload.headers,
      payload: Buffer.alloc(50, 1),
    });
    const notImage = await created('me.png', 64);
    await refused('user', {
      method: 'PUT',
      url: notImage.direct_upload.url,
      headers: notImage.direct_upload.headers,
      payload: Buffer.alloc(64, 7),
    });
    const notUploaded = await created('later.png', 10);
    await refused('user', json('PATCH', `/api/users/${cookies.user.id}`, { picture: notUploaded.signed_id }));
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const menu = await created('menu.pdf', pdf.length);
    expect((await put(menu, pdf)).statusCode).toBe(204);
    const errors = await refused(
      'user',
      json('PATCH', `/api/users/${cookies.user.id}`, { picture: menu.signed_id }),
    );
    expect(errors).toEqual([
      {
        path: 'picture',
        message: 'File type must be gif, jpeg, jpg, png',
        code: 'file_type',
        params: { types: ['gif', 'jpeg', 'jpg', 'png'] },
      },
    ]);
  });
});

describe('unclaimed uploads', () => {
  it('more than 20 uploads no record uses', async () => {
    const body = { blob: { filename: 'menu.pdf', byte_size: 10 } };
    for (let i = 0; i < 20; i++)
      expect((await as('admin', json('POST', '/api/assets', body))).statusCode).toBe(200);
    const errors = await refused('admin', json('POST', '/api/assets', body));
    expect(errors).toEqual([expect.objectContaining({ path: 'blob', code: 'too_many_unclaimed' })]);
  });
});

describe('confirmations and reports', () => {
  it('a confirmation method that is not one of the list', async () => {
    const errors = await refused(
      'admin',
      json('POST', `/api/sites/${siteId}/confirmations`, { method: 'fax' }),
    );
    expect(errors).toEqual([expect.objectContaining({ path: 'method', code: 'invalid_choice' })]);
  });

  it('a list item named like another of its list', async () => {
    await as('admin', json('POST', '/api/services', { name: 'Benefits counseling' }));
    const errors = await refused('admin', json('POST', '/api/services', { name: 'benefits  Counseling' }));
    expect(errors).toEqual([expect.objectContaining({ path: 'name', code: 'already_exists' })]);
  });

  it('a confirmation link asked for a site without an e-mail address', async () => {
    const site = await as('admin', json('POST', '/api/sites', { ...buildSite(), email: null }));
    const errors = await refused(
      'admin',
      json('POST', `/api/sites/${site.json().id}/confirmation-requests`, {}),
    );
    expect(errors).toEqual([expect.objectContaining({ path: 'email', code: 'no_email' })]);
  });

  it('a report naming a reason twice', async () => {
    const errors = await refused('nobody', json('POST', '/api/reports', { reasons: ['hours', 'hours'] }));
    expect(errors).toEqual([expect.objectContaining({ path: 'reasons', code: 'duplicate_items' })]);
  });

  it('a report moved back to new', async () => {
    await as('nobody', json('POST', '/api/reports', { reasons: ['other'], message: 'codes' }));
    const [report] = (await as('admin', { method: 'GET', url: '/api/reports' })).json();
    await as('admin', json('PATCH', `/api/reports/${report.id}`, { status: 'in-progress' }));
    const errors = await refused('admin', json('PATCH', `/api/reports/${report.id}`, { status: 'new' }));
    expect(errors).toEqual([expect.objectContaining({ path: 'status', code: 'report_transition' })]);
  });
});

describe('spreadsheet import previews', () => {
  it('word each row error with a code of the table and its message', async () => {
    const site = await as('admin', { method: 'GET', url: `/api/sites/${siteId}` });
    const { name, address } = site.json() as { name: string; address: string };
    const file = [
      'id,name,address,hours,mealTypes',
      ',A,1 A St,sometimes,',
      '999999,B,1 B St,,',
      ',C,1 C St,,No Such Meal',
      `${siteId},"${name}","${address}",,`,
      `${siteId},"${name}","${address}",,`,
    ].join('\n');
    const response = await as('admin', {
      method: 'POST',
      url: '/api/imports',
      headers: { 'content-type': 'text/csv' },
      payload: file,
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const rows = (response.json() as { rows: { kind: string; errors?: FieldError[] }[] }).rows;
    const errors = rows.flatMap((row) => row.errors ?? []);
    expect(errors.map((error) => error.code).sort()).toEqual(
      ['duplicate_row', 'invalid_hours_text', 'unknown_item', 'unknown_site'].sort(),
    );
    for (const error of errors) {
      expect(isValidationCode(error.code), JSON.stringify(error)).toBe(true);
      expect(error.message).toBe(validationMessage(error.code as ValidationCode, error.params));
      seen.add(error.code);
    }
  });
});

describe('a month of menus from a sheet (R676)', () => {
  it('words each row error with a code of the table and its message', async () => {
    await as('admin', json('POST', '/api/mealtypes', { name: 'Codes Lunch' }));
    const file = [
      'date,meal,dish,diets,note',
      '2099-01-01,Codes Lunch,Rice,spicy,A note',
      '2099-01-01,No Such Meal,Rice,,',
      '2099-01-01,Codes Lunch,Soup,,Another note',
    ].join('\n');
    const response = await as('admin', {
      method: 'POST',
      url: `/api/nutritionpartners/${partnerId}/menu-import`,
      headers: { 'content-type': 'text/csv' },
      payload: file,
    });
    expect(response.statusCode, response.body).toBe(200);
    const errors = (response.json() as { errors: FieldError[] }).errors;
    expect(errors.map((error) => error.code).sort()).toEqual(
      ['out_of_range', 'out_of_range', 'out_of_range', 'unknown_diet', 'unknown_meal_type'].sort(),
    );
    // Inside the window (today, whatever the day), the second note of a meal is refused.
    const today = new Date().toISOString().slice(0, 10);
    const inside = file.replaceAll('2099-01-01', today);
    const second = await as('admin', {
      method: 'POST',
      url: `/api/nutritionpartners/${partnerId}/menu-import`,
      headers: { 'content-type': 'text/csv' },
      payload: `${inside}\n${today},Codes Lunch,Tea,,A third note`,
    });
    const more = (second.json() as { errors: FieldError[] }).errors;
    for (const error of [...errors, ...more]) {
      expect(isValidationCode(error.code), JSON.stringify(error)).toBe(true);
      expect(error.message).toBe(validationMessage(error.code as ValidationCode, error.params));
      seen.add(error.code);
    }
    expect(more.map((error) => error.code)).toContain('note_differs');
  });
});

describe('a printed menu (R682)', () => {
  it('words a month that is not one with a code of the table', async () => {
    const response = await as('admin', {
      method: 'PUT',
      url: `/api/nutritionpartners/${partnerId}/printed-menus/2026-13`,
      headers: { 'content-type': 'application/pdf' },
      payload: smallPdf(),
    });
    expect(response.statusCode, response.body).toBe(422);
    const [error] = (response.json() as { errors: FieldError[] }).errors;
    expect(error?.code).toBe('invalid_month');
    expect(error?.message).toBe(validationMessage('invalid_month', error?.params));
    seen.add('invalid_month');
  });
});

describe('a page of history (R744)', () => {
  it('refuses a cursor that is not an entry of the record, and a page size out of range', async () => {
    const unknown = await refused('admin', {
      method: 'GET',
      url: `/api/sites/${siteId}/history?before=999999`,
    });
    expect(unknown).toEqual([expect.objectContaining({ path: 'before', code: 'unknown_entry' })]);
    const size = await refused('admin', { method: 'GET', url: `/api/workspace/sites?limit=0&show=nothing` });
    expect(size.map((error) => error.code).sort()).toEqual(['invalid_choice', 'out_of_range']);
  });
});

describe('the table', () => {
  it('has every code seen above, and every rule of the table was reached by some body', () => {
    const reachable = VALIDATION_CODES.filter((code) => code !== 'invalid');
    expect([...seen].sort()).toEqual([...reachable].sort());
  });
});
