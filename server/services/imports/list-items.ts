import type { Db } from '#server/db/client.ts';
import { REFERENCE_TABLES } from '#server/db/reference-tables.ts';
import type { nutritionPartners } from '#server/db/schema.ts';
import { REFERENCE_LIST_NAMES, type ReferenceListName } from '#shared/reference-lists.ts';

/**
 * The reference lists' items as an import finds them by name: a cell names an item by its base name
 * or a translation, compared without case and spaces.
 */

/** Names compare without case and spaces ("Seniors 60+" = "seniors60+"). */
export const nameKey = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

export interface ListItem {
  id: number;
  name: string;
}

export interface ListItems {
  /** Each list's items by the key of any of their names. */
  lookup: Record<ReferenceListName, Map<string, ListItem>>;
  byId: Record<ReferenceListName, Map<number, ListItem>>;
}

/** Every item of every list, findable by its base name or any translation. */
export async function loadLists(db: Db): Promise<ListItems> {
  const lookup = {} as ListItems['lookup'];
  const byId = {} as ListItems['byId'];
  for (const list of REFERENCE_LIST_NAMES) {
    const table = REFERENCE_TABLES[list].table as typeof nutritionPartners;
    const rows = await db
      .select({ id: table.id, name: table.name, translations: table.translations })
      .from(table);
    lookup[list] = new Map();
    byId[list] = new Map();
    for (const row of rows) {
      const item = { id: row.id, name: row.name };
      byId[list].set(row.id, item);
      for (const name of [row.name, row.translations?.es?.name, row.translations?.zh?.name]) {
        if (name && !lookup[list].has(nameKey(name))) lookup[list].set(nameKey(name), item);
      }
    }
    // A base name wins over another item's translation.
    for (const row of rows) lookup[list].set(nameKey(row.name), { id: row.id, name: row.name });
  }
  return { lookup, byId };
}
