import { describe, expect, it } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { factsValuesFrom } from './facts-form.ts';
import { siteConflictSpecs } from './site-conflict.ts';
import { emptySiteValues, type SiteFormValues } from './site-form.ts';

const withFacts = (facts: Parameters<typeof factsValuesFrom>[0]): SiteFormValues => ({
  ...emptySiteValues(),
  facts: factsValuesFrom(facts),
});

describe('the facts in a conflict', () => {
  it('are one field: compared as stored, shown in the site page’s words, taken whole', async () => {
    const i18n = await createTestI18n('en');
    const specs = siteConflictSpecs({
      labels: { facts: 'Before you go' } as never,
      language: 'en',
      items: {},
      t: i18n.t as never,
    });
    const facts = specs.find((spec) => spec.key === 'facts')!;
    const mine = withFacts({ cost: 'free', walkIns: true });
    const theirs = withFacts({
      cost: 'suggested',
      suggestedAmount: 3,
      reservation: 'required',
      reserveDays: 1,
    });
    // The same facts typed differently ("3" and "3.00") are the same facts.
    const typed = { ...theirs, facts: { ...theirs.facts, suggestedAmount: '3.00' } };
    expect(facts.get(typed)).toEqual(facts.get(theirs));
    expect(facts.get(mine)).not.toEqual(facts.get(theirs));
    expect(facts.show(theirs)).toContain('$3');
    expect(facts.show(withFacts({}))).toBe('');
    expect(facts.take(mine, theirs).facts).toEqual(theirs.facts);
  });
});
