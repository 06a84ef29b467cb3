import { describe, expect, it } from 'vitest';
import { SiteFactsSchema } from '#shared/schemas/site-facts.ts';
import { hasAnyFact } from '#shared/site-facts.ts';
import { DEMO_SITES } from './demo-data.ts';
import { demoFacts } from './demo-facts.ts';

describe('the demo sites’ facts (R548)', () => {
  const all = DEMO_SITES.map((site, index) => demoFacts(site, index));

  it('are valid facts, stored as given', () => {
    for (const facts of all) expect(SiteFactsSchema.parse(facts)).toEqual(facts);
  });

  it('vary as real sites do, some left unknown on purpose', () => {
    expect(all.filter((facts) => !hasAnyFact(facts)).length).toBeGreaterThanOrEqual(5);
    expect(all.some((facts) => facts.reservation === 'required' && facts.reserveBy === '13:00')).toBe(true);
    expect(all.some((facts) => facts.reserveHours === 48)).toBe(true);
    expect(all.some((facts) => facts.walkIns === true)).toBe(true);
    expect(all.some((facts) => facts.cost === 'free')).toBe(true);
    expect(all.some((facts) => facts.languages?.includes('yue'))).toBe(true);
    expect(all.some((facts) => facts.translations?.zh && facts.translations.es)).toBe(true);
  });
});
