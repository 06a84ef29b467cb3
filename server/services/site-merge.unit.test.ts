import { describe, expect, it } from 'vitest';
import { SiteUpdateSchema } from '#shared/schemas/sites.ts';
import { mergedFacts } from './site-merge.ts';

/** docs/product.md R576: a merge takes the other site's facts only where the kept site has no answer. */
describe('mergedFacts', () => {
  it('takes the facts the kept site lacks, and keeps its own', () => {
    expect(mergedFacts({ walkIns: true }, { walkIns: false, stepFree: true })).toEqual({
      walkIns: true,
      stepFree: true,
    });
  });

  it('keeps a cost or a reservation answer whole: free never gains the other site’s suggested amount', () => {
    const facts = mergedFacts(
      { cost: 'free', reservation: 'required', reserveDays: 1 },
      {
        cost: 'suggested',
        suggestedAmount: 3,
        reserveHours: 48,
        reserveUrl: 'https://r.example.org',
        spouse: true,
      },
    );
    expect(facts).toEqual({ cost: 'free', reservation: 'required', reserveDays: 1, spouse: true });
    expect(SiteUpdateSchema.safeParse({ facts }).success).toBe(true);
  });

  it('takes a whole group the kept site has nothing of', () => {
    expect(mergedFacts({}, { cost: 'suggested', suggestedAmount: 3 })).toEqual({
      cost: 'suggested',
      suggestedAmount: 3,
    });
  });
});
