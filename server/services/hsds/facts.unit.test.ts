import { describe, expect, it } from 'vitest';
import { buildSiteRecord } from '#testing/factories.ts';
import { readLocale } from '#testing/locales.ts';
import { DEFAULT_CONTRIBUTION_TEXT, feedFacts } from './facts.ts';

const links = { serviceId: 'service', locationId: 'location' };
const options = { id: (name: string) => name, contribution: DEFAULT_CONTRIBUTION_TEXT };

describe('feedFacts', () => {
  it('says the same default contribution words as the site page', () => {
    const words = readLocale('en', 'facts') as { cost: { contribution: string } };
    expect(DEFAULT_CONTRIBUTION_TEXT).toBe(words.cost.contribution);
  });

  it('says nothing about a site nobody described', () => {
    expect(feedFacts(buildSiteRecord({ id: 3, facts: {} }), links, options)).toEqual({
      service: {},
      eligibility: undefined,
      about: undefined,
      transportation: undefined,
      languages: [],
      costOptions: [],
      accessibility: [],
    });
  });

  it.each([
    [{ reservation: 'not_needed' }, 'No reservation needed.'],
    [
      { reservation: 'recommended', reserveHours: 48 },
      'Reservation recommended: call (415) 555-0100 at least 48 hours ahead.',
    ],
    [
      { reservation: 'required', reserveDays: 0, reserveBy: '10:00' },
      'Reservation needed: call (415) 555-0100 by 10:00 AM the same day.',
    ],
    [
      { reservation: 'required', reserveDays: 2, reserveBy: '15:30', walkIns: true },
      'Reservation needed: call (415) 555-0100 by 3:30 PM, 2 days before. Walk-ins welcome.',
    ],
    [{ firstVisit: 'id' }, 'First visit: bring a photo ID.'],
  ] as const)('writes the application process of %j', (facts, text) => {
    const site = buildSiteRecord({ id: 3, phoneNumber: '4155550100', facts: { ...facts } });
    expect(feedFacts(site, links, options).service.application_process).toBe(text);
  });

  it('names the reservation line when it is not the site phone, and reserves online without a phone', () => {
    const own = buildSiteRecord({
      phoneNumber: '4155550100',
      facts: { reservation: 'required', reservePhone: '4155550199' },
    });
    expect(feedFacts(own, links, options).service.application_process).toBe(
      'Reservation needed: call (415) 555-0199.',
    );
    const online = buildSiteRecord({
      phoneNumber: '',
      facts: { reservation: 'required', reserveUrl: 'https://x.example/r' },
    });
    expect(feedFacts(online, links, options).service.application_process).toBe(
      'Reservation needed: reserve online at https://x.example/r.',
    );
  });
});
