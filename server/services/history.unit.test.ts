import { describe, expect, it } from 'vitest';
import { undoLater } from './history.ts';

/** The version after an entry, from the record now and the later entries newest first (docs/product.md R561). */
describe('undoLater', () => {
  const now = { id: 4, name: 'C', address: '1 Main St', Hours: [{ day: 1, open: '09:00', close: '10:00' }] };

  it('sets each field an update changed back to its before, newest first', () => {
    const later = [
      { action: 'update' as const, changes: { name: ['B', 'C'] } },
      { action: 'update' as const, changes: { name: ['A', 'B'], Hours: [[], now.Hours] } },
    ];
    expect(undoLater(now, later)).toEqual({ ...now, name: 'A', Hours: [] });
    expect(undoLater(now, later.slice(0, 1))).toEqual({ ...now, name: 'B' });
    expect(undoLater(now, [])).toEqual(now);
  });

  it('goes back across a delete and a restore from the trash to the record the delete kept', () => {
    const later = [
      { action: 'update' as const, changes: { address: ['2 Oak St', '1 Main St'] } },
      { action: 'restore' as const, changes: { id: 4, name: 'C', address: '2 Oak St' } },
      { action: 'delete' as const, changes: { id: 4, name: 'Before delete', address: '2 Oak St' } },
    ];
    expect(undoLater(now, later)).toEqual({ id: 4, name: 'Before delete', address: '2 Oak St' });
  });

  it('undoes an import’s update but not an import’s create, and nothing for a confirmation', () => {
    const later = [
      { action: 'confirm' as const, changes: { method: 'phone', note: null } },
      { action: 'import' as const, changes: { name: ['Imported', 'C'] } },
      { action: 'import' as const, changes: { id: 4, name: 'Imported' } },
    ];
    expect(undoLater(now, later)).toEqual({ ...now, name: 'Imported' });
  });
});
