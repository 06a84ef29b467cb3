/**
 * A site's facts in the open-data feed's own fields (docs/product.md R488): a fully filled site's
 * answers and tables are valid against our HSDS 3.0 schemas and the standard's own published ones, and each fact lands where the standard
 * has a place for it; a site nobody described says nothing more than before.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api-paths.ts';
import type { SiteInput } from '#shared/schemas/sites.ts';
import { buildReferenceItem, buildSite } from '#testing/factories.ts';
import { hsdsErrors, officialHsdsErrors } from '#testing/hsds/validate.ts';
import { uuidV5 } from '../services/hsds/uuid.ts';
import { createTestApp, signInRoles, type TestContext, WITHOUT_HOLIDAYS } from './helpers.ts';

let ctx: TestContext;
let admin: string;
const NAMESPACE = '45891432-3e1c-44d3-8be0-a3ca534ef0ea';
const serviceId = (siteId: number) => uuidV5(NAMESPACE, `service:${siteId}`);
const CONTRIBUTION = 'Give what you can; no one is turned away.';
const sites = {} as Record<'full' | 'plain' | 'free', number>;

const FULL = {
  reservation: 'required',
  reserveDays: 1,
  reserveBy: '13:00',
  reservePhoneDays: [1, 2, 3, 4, 5],
  reservePhoneOpen: '9:00',
  reservePhoneClose: '12:00',
  reserveUrl: 'meals.example.org/reserve',
  walkIns: false,
  cost: 'suggested',
  suggestedAmount: 3.5,
  guestPrice: 6,
  spouse: true,
  caregiver: true,
  guests: false,
  firstVisit: 'form',
  languages: ['yue', 'en', 'nan'],
  stepFree: true,
  restroom: true,
  elevator: false,
  transport: true,
  transportPhone: '4155550111',
  notes: {
    reservation: 'Ask for Mei.',
    eligibility: 'Younger adults with disabilities are welcome.',
    firstVisit: 'Come 15 minutes early.',
    access: 'Ramp on Oak Street.',
    transit: 'Muni 14 at 24th St',
    about: 'Hot lunch served at tables.',
    activities: 'Tai chi at 10:30.',
  },
  translations: { es: { transit: 'Muni 14 en la calle 24' } },
};

async function site(body: Partial<SiteInput> & Record<string, unknown>): Promise<number> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: apiPaths.sites,
    headers: { cookie: admin },
    payload: { ...buildSite(), ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function json(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  ctx = await createTestApp({ AGENCY_HOLIDAYS: WITHOUT_HOLIDAYS, AGENCY_CONTRIBUTION_TEXT: CONTRIBUTION });
  admin = (await signInRoles(ctx)).admin.cookie;
  const seniors = (
    await ctx.app.inject({
      method: 'POST',
      url: apiPaths.list('populations'),
      headers: { cookie: admin },
      payload: buildReferenceItem({ name: 'Seniors 60+' }),
    })
  ).json().id;
  sites.full = await site({
    name: 'Full Dining Room',
    phoneNumber: '(415) 555-0142 x3',
    PopulationIds: [seniors],
    facts: FULL,
  });
  sites.plain = await site({ name: 'Plain Dining Room', phoneNumber: '4155550100' });
  sites.free = await site({ name: 'Free Dining Room', phoneExtension: '007', facts: { cost: 'free' } });
});
afterAll(() => ctx.close());

describe('a site with every fact', () => {
  it('is valid against the schemas in every answer that carries it', async () => {
    const service = await json(`/api/hsds/services/${serviceId(sites.full)}`);
    expect(hsdsErrors('service', service)).toEqual([]);
    const sal = await json(`/api/hsds/service_at_locations/${service.service_at_locations[0].id}`);
    expect(hsdsErrors('serviceAtLocation', sal)).toEqual([]);
    expect(hsdsErrors('servicePage', await json('/api/hsds/services?per_page=500'))).toEqual([]);
    const organization = await json(`/api/hsds/organizations/${service.organization_id}`);
    expect(hsdsErrors('organization', organization)).toEqual([]);
  });

  it('would fail the standard’s own schemas with a wrong type, a missing field or a status it does not list', async () => {
    const service = await json(`/api/hsds/services/${serviceId(sites.full)}`);
    expect(officialHsdsErrors('service', service)).toEqual([]);
    const [phone, ...phones] = service.phones;
    // The standard's extension is a number.
    const wrong = { ...service, phones: [{ ...phone, extension: 'x3' }, ...phones] };
    expect(officialHsdsErrors('service', wrong).join('\n')).toContain('/phones/0/extension must be number');
    const { name: _, ...nameless } = service;
    expect(officialHsdsErrors('service', nameless).join('\n')).toContain(
      "must have required property 'name'",
    );
    const badStatus = { ...service, status: 'open' };
    expect(officialHsdsErrors('service', badStatus).join('\n')).toContain('/status must be equal to one of');
  });

  it('puts each fact where the standard has a place for it', async () => {
    const service = await json(`/api/hsds/services/${serviceId(sites.full)}`);
    expect(service.languages).toEqual([
      expect.objectContaining({ name: 'Cantonese', code: 'yue', service_id: service.id }),
      expect.objectContaining({ name: 'English', code: 'en' }),
      // Taiwanese Hokkien's ISO 639-3 code (the list's `tw` is Twi in ISO 639-1).
      expect.objectContaining({ name: 'Taiwanese', code: 'nan' }),
    ]);
    expect(service.cost_options).toEqual([
      expect.objectContaining({
        amount: 3.5,
        currency: 'USD',
        option: expect.stringContaining(CONTRIBUTION),
      }),
      expect.objectContaining({ amount: 6, currency: 'USD', option: 'Guests who are not eligible' }),
    ]);
    expect(service.fees_description).toBe(
      `$3.50 suggested contribution for 60+. Guests pay $6. ${CONTRIBUTION}`,
    );
    expect(service.eligibility_description).toBe(
      'For: Seniors 60+. Also welcome: a spouse or partner of any age and a caregiver. Not welcome without an eligible person: guests. Younger adults with disabilities are welcome.',
    );
    expect(service.application_process).toBe(
      'Reservation needed: call (415) 555-0142, ext. 3 or reserve online at https://meals.example.org/reserve by 1:00 PM the day before. The reservation line is answered Monday–Friday, 9:00 AM – 12:00 PM. No meal without a reservation. Ask for Mei. First visit: a short form, no ID needed. Come 15 minutes early.',
    );
    expect(service.description).toBe(
      'Community dining site of the congregate meals program. Hot lunch served at tables. Around the meal: Tai chi at 10:30.',
    );
    const location = service.service_at_locations[0].location;
    expect(location.transportation).toBe(
      'Rides to the site: call (415) 555-0111 to book. Transit: Muni 14 at 24th St.',
    );
    expect(location.accessibility.map((a: { description: string }) => a.description)).toEqual([
      'Step-free entrance',
      'Accessible restroom',
      'No elevator',
      'Ramp on Oak Street.',
    ]);
    expect(location.phones).toEqual([
      expect.objectContaining({ number: '(415) 555-0142', extension: 3, type: 'voice' }),
    ]);
  });

  it('is in the data package: languages, accessibility and cost options as tables of their own', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/hsds/datapackage.zip' });
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const descriptor = JSON.parse(strFromU8(files['datapackage.json']!));
    const rows = (path: string) => {
      const [header, ...body] = parseCsv(strFromU8(files[path]!)) as string[][];
      return body.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]])));
    };
    expect(descriptor.resources.map((r: { path: string }) => r.path)).toEqual(
      expect.arrayContaining(['languages.csv', 'accessibility.csv', 'cost_options.csv']),
    );
    expect(rows('languages.csv').map((row) => row.code)).toEqual(['yue', 'en', 'nan']);
    expect(rows('cost_options.csv').map((row) => row.amount)).toEqual(['0', '3.5', '6']);
    expect(rows('accessibility.csv')).toHaveLength(4);
    expect(rows('phones.csv').find((row) => row.extension === '3')).toBeTruthy();
  });
});

describe('a site with few or no facts', () => {
  it('says nothing more than before', async () => {
    const service = await json(`/api/hsds/services/${serviceId(sites.plain)}`);
    expect(hsdsErrors('service', service)).toEqual([]);
    expect(service.description).toBe('Community dining site of the congregate meals program.');
    for (const field of ['application_process', 'fees_description', 'eligibility_description'])
      expect(service).not.toHaveProperty(field);
    expect(service.languages).toEqual([]);
    expect(service.cost_options).toEqual([]);
    const location = service.service_at_locations[0].location;
    expect(location).not.toHaveProperty('transportation');
    expect(location.accessibility).toEqual([]);
    expect(location.phones[0]).not.toHaveProperty('extension');
  });

  it('a free site costs 0 USD without contribution words; an extension with a leading zero is said in words', async () => {
    const service = await json(`/api/hsds/services/${serviceId(sites.free)}`);
    expect(hsdsErrors('service', service)).toEqual([]);
    expect(service.cost_options).toEqual([
      expect.objectContaining({ amount: 0, currency: 'USD', amount_description: 'Free' }),
    ]);
    expect(service.fees_description).toBe('Free.');
    expect(service.service_at_locations[0].location.phones[0]).toMatchObject({
      description: 'Extension 007',
    });
    expect(service.service_at_locations[0].location.phones[0]).not.toHaveProperty('extension');
  });
});
