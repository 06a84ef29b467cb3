import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, peekDraft, saveDraft } from './draft.ts';
import { emptySiteValues } from './site-form.ts';

afterEach(() => sessionStorage.clear());

describe('the site form draft (one trip to a list editor and back)', () => {
  const values = {
    ...emptySiteValues(),
    name: 'Half-typed',
    hours: [{ day: 1, open: '09:00', close: '17:00' }],
  };

  it('keeps the values and the version they were based on, per site', () => {
    saveDraft(7, { version: 3, values });
    expect(peekDraft(7)).toEqual({ version: 3, values });
    expect(peekDraft(8)).toBeUndefined();
    expect(peekDraft(undefined)).toBeUndefined();
  });

  it('keeps a new site’s draft apart from the drafts of stored sites', () => {
    saveDraft(undefined, { values });
    expect(peekDraft(undefined)?.values.name).toBe('Half-typed');
    expect(peekDraft(1)).toBeUndefined();
  });

  it('reads without removing; clearing removes', () => {
    saveDraft(7, { version: 3, values });
    peekDraft(7);
    expect(peekDraft(7)).toBeDefined();
    clearDraft(7);
    expect(peekDraft(7)).toBeUndefined();
  });

  it('ignores anything that is not a draft', () => {
    sessionStorage.setItem('admin-draft:site:new', '{not json');
    expect(peekDraft(undefined)).toBeUndefined();
    sessionStorage.setItem('admin-draft:site:new', JSON.stringify({ values: { name: 'x' } }));
    expect(peekDraft(undefined)).toBeUndefined();
  });
});
