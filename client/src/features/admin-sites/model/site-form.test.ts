import { describe, expect, it } from 'vitest';
import { SiteCreateSchema, SiteUpdateSchema } from '#shared/schemas/sites.ts';
import { buildSiteLists, buildSiteRecord } from '#testing/factories.ts';
import { buildSitePayload, coordinate, emptySiteValues, siteSchemaFor, siteValuesFrom } from './site-form.ts';

const site = buildSiteRecord({
  id: 7,
  name: 'Mission Dining Room',
  address: '1 Main St, San Francisco',
  phoneNumber: '4155550123',
  email: 'mission@example.org',
  website: 'https://mission.example.org',
  lat: 37.76,
  lng: -122.42,
  Hours: [
    { day: 3, open: '11:00', close: '13:00' },
    { day: 1, open: '09:00', close: '17:00' },
  ],
  ...buildSiteLists({
    NutritionPartners: [{ id: 1, name: 'Partner' }],
    Populations: [
      { id: 2, name: 'Seniors' },
      { id: 3, name: 'Adults with disabilities' },
    ],
    Services: [{ id: 4, name: 'Takeout' }],
    CovidStatuses: [{ id: 5, name: 'Open' }],
  }),
  version: 4,
});

describe('siteValuesFrom', () => {
  it('shows the phone formatted, lists as ticked ids and hours in stored order', () => {
    const values = siteValuesFrom(site);
    expect(values.phoneNumber).toBe('(415) 555-0123');
    expect(values.lists).toEqual({
      nutritionpartners: [1],
      populations: [2, 3],
      mealtypes: [],
      services: [4],
      covidstatuses: [5],
    });
    expect(values.hours.map((h) => h.day)).toEqual([1, 3]);
    expect([values.lat, values.lng, values.pinMoved]).toEqual(['37.76', '-122.42', false]);
  });

  it('shows coordinates to six decimals, without float noise', () => {
    const values = siteValuesFrom({ ...site, lat: 37.781000000000006, lng: -122.123456789 });
    expect([values.lat, values.lng]).toEqual(['37.781', '-122.123457']);
  });

  it('turns missing optional fields and coordinates into empty text', () => {
    const values = siteValuesFrom({
      ...site,
      email: null,
      website: null,
      phoneNumber: '',
      lat: null,
      lng: null,
    });
    expect([values.email, values.website, values.phoneNumber, values.lat, values.lng]).toEqual([
      '',
      '',
      '',
      '',
      '',
    ]);
  });
});

describe('buildSitePayload', () => {
  it('builds the whole entity for an update: digits for the phone, id lists, hours and the version', () => {
    const payload = buildSitePayload(siteValuesFrom(site), { version: 4 });
    expect(payload).toEqual({
      name: 'Mission Dining Room',
      translations: {},
      address: '1 Main St, San Francisco',
      phoneNumber: '4155550123',
      phoneExtension: null,
      email: 'mission@example.org',
      website: 'https://mission.example.org',
      Hours: [
        { day: 1, open: '09:00', close: '17:00' },
        { day: 3, open: '11:00', close: '13:00' },
      ],
      facts: {},
      NutritionPartnerIds: [1],
      PopulationIds: [2, 3],
      MealTypeIds: [],
      ServiceIds: [4],
      CovidStatusIds: [5],
      version: 4,
    });
    expect(SiteUpdateSchema.safeParse(payload).success).toBe(true);
  });

  it.each([
    ['415.555.0123', '4155550123'],
    ['1 (415) 555-0123', '4155550123'],
    ['  ', null],
    ['555-01', '55501'],
  ])('sends the phone typed as %j as %j', (typed, sent) => {
    expect(buildSitePayload({ ...emptySiteValues(), phoneNumber: typed }).phoneNumber).toBe(sent);
  });

  it('sends the Spanish and Chinese names typed, trimmed, and leaves blank ones out', () => {
    const payload = buildSitePayload({ ...emptySiteValues(), nameEs: '   ', nameZh: ' 華埠長者午膳 ' });
    expect(payload.translations).toEqual({ zh: { name: '華埠長者午膳' } });
  });

  it('shows a stored site’s Spanish and Chinese names', () => {
    const values = siteValuesFrom({ ...site, translations: { es: { name: 'Comedor de la Misión' } } });
    expect([values.nameEs, values.nameZh]).toEqual(['Comedor de la Misión', '']);
  });

  it('sends blank optional text as null', () => {
    const payload = buildSitePayload({ ...emptySiteValues(), email: ' ', website: '' });
    expect([payload.email, payload.website]).toEqual([null, null]);
  });

  describe('coordinates', () => {
    it('on create, leaves them out when empty so the server can geocode', () => {
      const payload = buildSitePayload({ ...emptySiteValues(), pinMoved: true });
      expect(payload).not.toHaveProperty('lat');
      expect(payload).not.toHaveProperty('lng');
    });

    it('on create, sends a typed or placed pin as numbers', () => {
      const payload = buildSitePayload({
        ...emptySiteValues(),
        lat: '37.781',
        lng: ' -122.41 ',
        pinMoved: true,
      });
      expect([payload.lat, payload.lng]).toEqual([37.781, -122.41]);
    });

    it('on update, leaves an untouched pin out so a changed address is geocoded', () => {
      const payload = buildSitePayload({ ...siteValuesFrom(site), address: '2 Other St' }, { version: 4 });
      expect(payload).not.toHaveProperty('lat');
    });

    it('on update, sends a moved pin, and nulls when the admin cleared both boxes', () => {
      const moved = buildSitePayload(
        { ...siteValuesFrom(site), lat: '37.7', pinMoved: true },
        { version: 4 },
      );
      expect([moved.lat, moved.lng]).toEqual([37.7, -122.42]);
      const cleared = buildSitePayload(
        { ...siteValuesFrom(site), lat: '', lng: '', pinMoved: true },
        { version: 4 },
      );
      expect([cleared.lat, cleared.lng]).toEqual([null, null]);
    });

    it('lets the schema name a half-given or non-numeric pin', () => {
      const half = buildSitePayload({
        ...emptySiteValues(),
        name: 'A',
        address: 'B',
        lat: '37.7',
        pinMoved: true,
      });
      const issues = SiteCreateSchema.safeParse(half).error?.issues ?? [];
      expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['lng', 'must be given with the other coordinate'],
      ]);
      expect(coordinate('north')).toBe('north');
      expect(coordinate('')).toBeNull();
    });
  });

  it('leaves out ticked ids of items deleted meanwhile', () => {
    const payload = buildSitePayload(siteValuesFrom(site), {
      version: 4,
      available: { populations: [3], nutritionpartners: [1, 9] },
    });
    expect(payload.PopulationIds).toEqual([3]);
    expect(payload.NutritionPartnerIds).toEqual([1]);
    expect(payload.ServiceIds).toEqual([4]);
  });

  it('is refused by the create schema with the API messages when name and address are empty', () => {
    const result = siteSchemaFor(false).safeParse(buildSitePayload(emptySiteValues()));
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'is required'],
      ['address', 'is required'],
    ]);
  });
});
