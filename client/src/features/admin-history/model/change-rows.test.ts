import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '#shared/schemas/history.ts';
import { changeRows, isFieldChanges } from './change-rows.ts';

const t = (key: string) => key;

describe('a change applied from a proposal (R594)', () => {
  const entry: HistoryEntry = {
    id: 9,
    action: 'update',
    source: 'proposal',
    restoredFrom: null,
    fixesReports: [],
    createdAt: '2026-11-28T18:00:00.000Z',
    user: { id: 4, firstName: 'Pat', lastName: 'Partner' },
    changes: { email: ['old@example.org', 'new@example.org'], '@proposal': { id: 12, appliedBy: 1 } },
  };

  it('is still a change field by field, and its note is not a field', () => {
    expect(isFieldChanges(entry)).toBe(true);
    expect(changeRows(entry, { t, language: 'en', items: {} })).toEqual([
      { key: 'email', label: 'fields.email', before: 'old@example.org', after: 'new@example.org' },
    ]);
  });

  it('without the note, a value that is not [before, after] is not a field change', () => {
    expect(isFieldChanges({ ...entry, changes: { email: 'new@example.org' } })).toBe(false);
  });
});
