import type { Db } from '#server/db/client.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { type Geocoder, sharedGeocoderCache } from '../geocoding.ts';
import { findImport, type StoredRow } from './store.ts';

/**
 * Positions for an import's rows (docs/product.md R233, R344): the preview looks up the addresses of
 * new sites without one and of changed addresses, at most `geocodeLimit` new questions; the rows past
 * it are left to the commit, which looks them up before its transaction.
 */

/** Geocoding requests in flight at once (docs/product.md R233). */
const GEOCODE_CONCURRENCY = 4;
/** The default of geocodeLimit. */
export const PREVIEW_GEOCODES_MAX = 50;

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item!);
    }
  });
  await Promise.all(runners);
}

/** A previewed row whose address is to be looked up; `site` is the stored site of a changed row. */
export interface RowToLocate {
  stored: StoredRow;
  address: string;
  site?: Site;
}

/**
 * Looks up the rows' addresses and writes the positions into their input and preview: a new site's
 * cells, a changed site's `lat`/`lng` changes. `noPosition` when not found; past `limit` questions
 * not answered before, `locateOnSave` and the address kept for the commit.
 */
export async function geocodePreviewRows(
  toLocate: readonly RowToLocate[],
  answering: Geocoder,
  limit = PREVIEW_GEOCODES_MAX,
) {
  // The app's one cache, keyed by the exact query: a re-preview asks nothing it was answered before.
  const geocoder = sharedGeocoderCache(answering);
  let allowed = limit;
  await eachLimited(toLocate, GEOCODE_CONCURRENCY, async ({ stored: entry, address, site }) => {
    const preview = entry.preview;
    if (preview.kind !== 'new' && preview.kind !== 'changed') return;
    if (!geocoder.cached(address)) {
      if (allowed <= 0) {
        // Past this preview's limit: looked up at commit, as a form save would (R344).
        entry.locate = address;
        preview.locateOnSave = true;
        return;
      }
      allowed -= 1;
    }
    const result = await geocoder.geocode(address);
    const position = result.ok ? { lat: result.lat, lng: result.lng } : { lat: null, lng: null };
    Object.assign(entry.input!, position);
    const text = (value: number | null) => (value === null ? '' : String(value));
    if (preview.kind === 'new') {
      preview.site.lat = text(position.lat);
      preview.site.lng = text(position.lng);
    } else if (site) {
      for (const field of ['lat', 'lng'] as const) {
        if (text(site[field]) !== text(position[field]))
          preview.changes.push({ field, before: text(site[field]), after: text(position[field]) });
      }
    }
    if (!result.ok) preview.noPosition = true;
  });
}

/**
 * The positions of the rows a preview left to the commit (R344), looked up before the commit's
 * transaction so no lock is held while the geocoder answers. A row not found gets none (null).
 */
export async function positionsToLocate(db: Db, id: string, options: { geocoder?: Geocoder; now: Date }) {
  const positions = new Map<number, { lat: number | null; lng: number | null }>();
  if (!options.geocoder) return positions;
  const record = await findImport(db, id, options.now);
  if (record.status === 'committed') return positions;
  const pending = (record.rows as StoredRow[]).filter((entry) => entry.locate);
  const geocoder = sharedGeocoderCache(options.geocoder);
  await eachLimited(pending, GEOCODE_CONCURRENCY, async (entry) => {
    const result = await geocoder.geocode(entry.locate!);
    positions.set(
      entry.preview.row,
      result.ok ? { lat: result.lat, lng: result.lng } : { lat: null, lng: null },
    );
  });
  return positions;
}
