import { parseId } from '#shared/ids.ts';
import type { RowError, SheetColumn } from '#shared/imports.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { nameKey } from './list-items.ts';
import type { RowErrorOf } from './messages.ts';

/**
 * Which stored site a row is about (docs/decisions/028a-import-matching-and-staleness.md): by its id
 * when the sheet has an id column and the row fills it, otherwise by name and address. A site, or a
 * new name and address, met a second time in one file is an error on the later row.
 */

/** A site is the same site when its name and address are, ignoring case, spaces and punctuation. */
const siteKey = (name: string, address: string) =>
  `${nameKey(name).replace(/[.,#'’"]/g, '')}|${nameKey(address).replace(/[.,#'’"]/g, '')}`;

export interface RowMatch {
  /** The stored site the row changes; none for a new site (or an unknown id, then in `errors`). */
  existing?: Site;
  errors: RowError[];
}

/** A matcher for the rows of one file, in order: it remembers which sites earlier rows named. */
export function siteMatcher(allSites: readonly Site[], hasId: boolean) {
  const byId = new Map(allSites.map((site) => [site.id, site]));
  const byKey = new Map(allSites.map((site) => [siteKey(site.name, site.address), site]));
  const seenSites = new Map<number, number>();
  const seenKeys = new Map<string, number>();

  return (row: number, cell: (column: SheetColumn) => string, error: RowErrorOf): RowMatch => {
    const errors: RowError[] = [];
    let existing: Site | undefined;
    if (hasId && cell('id') !== '') {
      existing = byId.get(parseId(cell('id')) ?? 0);
      if (!existing) errors.push(error('id', 'unknown_site'));
    } else {
      existing = byKey.get(siteKey(cell('name'), cell('address')));
    }
    if (existing) {
      const first = seenSites.get(existing.id);
      if (first !== undefined) errors.push(error(hasId ? 'id' : 'name', 'duplicate_row', { row: first }));
      else seenSites.set(existing.id, row);
    } else if (!errors.length) {
      const key = siteKey(cell('name'), cell('address'));
      const first = seenKeys.get(key);
      if (first !== undefined) errors.push(error('name', 'duplicate_row', { row: first }));
      else seenKeys.set(key, row);
    }
    return { existing, errors };
  };
}
