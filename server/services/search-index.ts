import { distanceMiles, milesAtLeast } from '#shared/geo.ts';
import { foldText } from '#shared/site-search.ts';

/**
 * The public search's indexes over one version of the directory (docs/product.md R750–R754,
 * docs/decisions/073-search-indexes-and-quiet-rebuilds.md), so that a new list-filter pair, a new name
 * or a new point costs what its answer covers rather than a pass over every site:
 * - sets of the list's positions, one bit per site (`Bits`): the sites carrying each list item, fact,
 *   opening and diet mark, intersected a word (32 sites) at a time;
 * - the name search's words (`NameIndex`): every distinct word of the folded texts with the sites
 *   holding it, so a query's longest word is looked for in the words, not in every site's text;
 * - a grid of cells over the sites' positions (`Grid`), visited nearest cell first for "nearest first".
 * Each gives exactly the answer of the pass it replaces (the shared rules' meaning, tested against it).
 */

/** A set of positions in the directory's list (0 = the first site), one bit each. */
export type Bits = Uint32Array;

export const emptyBits = (size: number): Bits => new Uint32Array((size + 31) >>> 5);

export function addBit(bits: Bits, position: number) {
  bits[position >>> 5]! |= 1 << (position & 31);
}

export function hasBit(bits: Bits, position: number): boolean {
  return (bits[position >>> 5]! & (1 << (position & 31))) !== 0;
}

function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The sites in both sets; `undefined` stands for every site. */
export function intersect(a: Bits | undefined, b: Bits | undefined): Bits | undefined {
  if (!a) return b;
  if (!b) return a;
  const both = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) both[i] = a[i]! & b[i]!;
  return both;
}

export function countOf(bits: Bits): number {
  let count = 0;
  for (let i = 0; i < bits.length; i++) count += popcount(bits[i]!);
  return count;
}

/** How many sites are in both sets. */
export function countBoth(a: Bits, b: Bits): number {
  let count = 0;
  for (let i = 0; i < a.length; i++) {
    const word = a[i]! & b[i]!;
    if (word !== 0) count += popcount(word);
  }
  return count;
}

/** The first position in both sets, or -1. */
export function firstOfBoth(a: Bits, b: Bits): number {
  for (let i = 0; i < a.length; i++) {
    const word = a[i]! & b[i]!;
    if (word !== 0) return i * 32 + (31 - Math.clz32(word & -word));
  }
  return -1;
}

/** Calls `visit` with each position of the set, in the list's order. */
export function eachBit(bits: Bits, visit: (position: number) => void) {
  for (let i = 0; i < bits.length; i++) {
    let word = bits[i]!;
    while (word !== 0) {
      const low = word & -word;
      visit(i * 32 + (31 - Math.clz32(low)));
      word ^= low;
    }
  }
}

/** The items of `list` at the set's positions, in the list's order (all of them for `undefined`). */
export function itemsOf<S>(list: readonly S[], bits: Bits | undefined): S[] {
  if (!bits) return list.slice();
  const items: S[] = [];
  eachBit(bits, (position) => items.push(list[position]!));
  return items;
}

/**
 * The name search's index (docs/product.md R752): every site's folded search text (`searchTextOf`), and
 * every distinct word of those texts (runs without a space or a new line) joined by new lines in
 * `vocabulary`, with where each begins and the positions of the sites whose text holds it.
 */
export interface NameIndex {
  texts: readonly string[];
  vocabulary: string;
  starts: Int32Array;
  postings: readonly (readonly number[])[];
}

const WORD_BREAKS = /[ \n]/;

/** Builds the name index a text at a time (in the list's order), so a large directory is indexed in steps. */
export function nameIndexBuilder() {
  const texts: string[] = [];
  const words = new Map<string, number[]>();
  return {
    add(text: string) {
      const position = texts.length;
      texts.push(text);
      for (const word of text.split(WORD_BREAKS)) {
        if (!word) continue;
        const sites = words.get(word);
        if (!sites) words.set(word, [position]);
        else if (sites[sites.length - 1] !== position) sites.push(position);
      }
    },
    finish(): NameIndex {
      const starts = new Int32Array(words.size);
      const postings: number[][] = [];
      const parts: string[] = [];
      let at = 0;
      for (const [word, sites] of words) {
        starts[parts.length] = at;
        at += word.length + 1;
        parts.push(word);
        postings.push(sites);
      }
      return { texts, vocabulary: parts.join('\n'), starts, postings };
    },
  };
}

export function nameIndex(texts: readonly string[]): NameIndex {
  const builder = nameIndexBuilder();
  for (const text of texts) builder.add(text);
  return builder.finish();
}

/**
 * The positions `searchSites(sites, q, textOf)` keeps, from the index; `undefined` when the query has
 * no word (every site). A folded query word holds no space and no new line, so a text holds it exactly
 * when one of the text's words does. For each query word (longest first) the vocabulary's words
 * holding it are found, with how many sites they name together; the sites of the word naming fewest
 * are then checked for every word of the query as `searchSites` checks them (R752).
 */
export function namedBits(names: NameIndex, q: string | undefined): Bits | undefined {
  const words = q ? foldText(q).split(' ').filter(Boolean) : [];
  if (words.length === 0) return undefined;
  const { texts, vocabulary, starts, postings } = names;
  /** The vocabulary word whose text holds the character at `at`. */
  const wordAt = (at: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  let fewest: number[] = [];
  let fewestSites = Number.POSITIVE_INFINITY;
  for (const word of [...new Set(words)].sort((a, b) => b.length - a.length)) {
    const holding: number[] = [];
    let sites = 0;
    for (let from = 0; sites < fewestSites; ) {
      const at = vocabulary.indexOf(word, from);
      if (at < 0) break;
      const index = wordAt(at);
      holding.push(index);
      sites += postings[index]!.length;
      from = index + 1 < starts.length ? starts[index + 1]! : vocabulary.length;
    }
    if (sites < fewestSites) {
      fewest = holding;
      fewestSites = sites;
    }
  }
  const found = emptyBits(texts.length);
  const checked = emptyBits(texts.length);
  for (const index of fewest)
    for (const position of postings[index]!) {
      if (hasBit(checked, position)) continue;
      addBit(checked, position);
      const text = texts[position]!;
      if (words.every((word) => text.includes(word))) addBit(found, position);
    }
  return found;
}

/** `searchSites(sites, q, textOf)` from the index, in the list's order (R752). */
export function namedSites<S>(sites: readonly S[], names: NameIndex, q: string | undefined): readonly S[] {
  const bits = namedBits(names, q);
  return bits ? itemsOf(sites, bits) : sites;
}

/**
 * The sites' positions in cells (docs/product.md R753): each cell keeps its sites in the list's order
 * and the smallest box (latitude and longitude) holding them. Sites without both coordinates are
 * kept apart (`unplaced`), as `byDistance` puts them last.
 */
export interface Grid {
  lats: Float64Array;
  lngs: Float64Array;
  /** Per cell: its box as [south, north, west, east], four numbers a cell. */
  boxes: Float64Array;
  /** Cell i's sites are cellSites[cellStarts[i]] … cellSites[cellStarts[i + 1] - 1]. */
  cellStarts: Int32Array;
  cellSites: Int32Array;
  unplaced: Int32Array;
}

/** About this many sites to a cell, and at most this many cells. */
const SITES_PER_CELL = 64;
const MAX_CELLS = 4096;

export function gridBuilder() {
  const lats: number[] = [];
  const lngs: number[] = [];
  return {
    add(site: { lat?: number | null; lng?: number | null }) {
      const placed = typeof site.lat === 'number' && typeof site.lng === 'number';
      lats.push(placed ? site.lat! : Number.NaN);
      lngs.push(placed ? site.lng! : Number.NaN);
    },
    finish(): Grid {
      let south = Number.POSITIVE_INFINITY;
      let north = Number.NEGATIVE_INFINITY;
      let west = Number.POSITIVE_INFINITY;
      let east = Number.NEGATIVE_INFINITY;
      const unplaced: number[] = [];
      let placed = 0;
      for (let i = 0; i < lats.length; i++) {
        const lat = lats[i]!;
        const lng = lngs[i]!;
        if (Number.isNaN(lat)) {
          unplaced.push(i);
          continue;
        }
        placed += 1;
        if (lat < south) south = lat;
        if (lat > north) north = lat;
        if (lng < west) west = lng;
        if (lng > east) east = lng;
      }
      const side = Math.max(1, Math.ceil(Math.sqrt(Math.min(MAX_CELLS, placed / SITES_PER_CELL))));
      const latStep = (north - south) / side || 1;
      const lngStep = (east - west) / side || 1;
      const cellOf = new Int32Array(lats.length);
      const sizes = new Int32Array(side * side + 1);
      for (let i = 0; i < lats.length; i++) {
        if (Number.isNaN(lats[i]!)) {
          cellOf[i] = -1;
          continue;
        }
        const row = Math.min(side - 1, Math.floor((lats[i]! - south) / latStep));
        const column = Math.min(side - 1, Math.floor((lngs[i]! - west) / lngStep));
        const cell = row * side + column;
        cellOf[i] = cell;
        sizes[cell + 1]! += 1;
      }
      // Only the cells holding a site are kept, numbered in order.
      const renumber = new Int32Array(side * side).fill(-1);
      const kept: number[] = [];
      for (let cell = 0; cell < side * side; cell++)
        if (sizes[cell + 1]! > 0) {
          renumber[cell] = kept.length;
          kept.push(sizes[cell + 1]!);
        }
      const cellStarts = new Int32Array(kept.length + 1);
      for (let i = 0; i < kept.length; i++) cellStarts[i + 1] = cellStarts[i]! + kept[i]!;
      const filled = cellStarts.slice(0, kept.length);
      const cellSites = new Int32Array(placed);
      const boxes = new Float64Array(kept.length * 4);
      for (let i = 0; i < kept.length; i++) {
        boxes[i * 4] = Number.POSITIVE_INFINITY;
        boxes[i * 4 + 1] = Number.NEGATIVE_INFINITY;
        boxes[i * 4 + 2] = Number.POSITIVE_INFINITY;
        boxes[i * 4 + 3] = Number.NEGATIVE_INFINITY;
      }
      for (let i = 0; i < lats.length; i++) {
        if (cellOf[i]! < 0) continue;
        const cell = renumber[cellOf[i]!]!;
        cellSites[filled[cell]!++] = i;
        const lat = lats[i]!;
        const lng = lngs[i]!;
        const box = cell * 4;
        if (lat < boxes[box]!) boxes[box] = lat;
        if (lat > boxes[box + 1]!) boxes[box + 1] = lat;
        if (lng < boxes[box + 2]!) boxes[box + 2] = lng;
        if (lng > boxes[box + 3]!) boxes[box + 3] = lng;
      }
      return {
        lats: Float64Array.from(lats),
        lngs: Float64Array.from(lngs),
        boxes,
        cellStarts,
        cellSites,
        unplaced: Int32Array.from(unplaced),
      };
    },
  };
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (value: number) => (value * 180) / Math.PI;

/**
 * The shortest `distanceMiles` from `from` to a point of the box [south, north] × [west, east] (a
 * lower bound for every site in it). Inside the box's longitudes, the nearest point is on `from`'s own
 * meridian; outside, on one of the box's two meridians, where the distance along the meridian falls to
 * the foot of the perpendicular (tan φ* = tan φ / cos Δλ) and rises away from it, so the latitude
 * clamped into the box is the nearest. Past a quarter turn of longitude, 0 (no bound claimed).
 */
export function milesToBox(
  from: { lat: number; lng: number },
  south: number,
  north: number,
  west: number,
  east: number,
): number {
  const clamp = (lat: number) => Math.min(north, Math.max(south, lat));
  if (from.lng >= west && from.lng <= east) return milesAtLeast(from, clamp(from.lat));
  let nearest = Number.POSITIVE_INFINITY;
  for (const lng of [west, east]) {
    const cosine = Math.cos(radians(from.lng - lng));
    if (cosine <= 0) return 0;
    const foot = degrees(Math.atan(Math.tan(radians(from.lat)) / cosine));
    nearest = Math.min(nearest, distanceMiles(from, { lat: clamp(foot), lng }));
  }
  return nearest;
}

/**
 * `byDistance(sites at the set's positions, from).slice(0, count)` from the grid (R753): cells in the
 * order of their nearest possible distance, each one's sites in the set measured and the nearest
 * `count` kept by (miles, place in the list) — equal distances in the list's order, as the stable sort
 * gives them — until the next cell cannot hold a site as near as the farthest kept (a margin for
 * rounding, so a tie is always measured); sites without a position last, in the list's order.
 */
export function gridNearest(
  grid: Grid,
  members: Bits | undefined,
  from: { lat: number; lng: number },
  count: number,
): { position: number; miles: number | undefined }[] {
  const kept: { position: number; miles: number | undefined }[] = [];
  if (count <= 0) return kept;
  const { boxes, cellStarts, cellSites, lats, lngs } = grid;
  const cells = cellStarts.length - 1;
  const bounds = new Float64Array(cells);
  const order = new Int32Array(cells);
  for (let cell = 0; cell < cells; cell++) {
    const box = cell * 4;
    bounds[cell] = milesToBox(from, boxes[box]!, boxes[box + 1]!, boxes[box + 2]!, boxes[box + 3]!);
    order[cell] = cell;
  }
  order.sort((a, b) => bounds[a]! - bounds[b]!);
  const nearer = (miles: number, position: number, than: { position: number; miles: number | undefined }) =>
    miles < than.miles! || (miles === than.miles && position < than.position);
  for (const cell of order) {
    if (kept.length === count && bounds[cell]! > kept[count - 1]!.miles! + 1e-6) break;
    for (let i = cellStarts[cell]!; i < cellStarts[cell + 1]!; i++) {
      const position = cellSites[i]!;
      if (members && !hasBit(members, position)) continue;
      const miles = distanceMiles(from, { lat: lats[position]!, lng: lngs[position]! });
      if (kept.length === count && !nearer(miles, position, kept[count - 1]!)) continue;
      let low = 0;
      let high = kept.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (nearer(miles, position, kept[middle]!)) high = middle;
        else low = middle + 1;
      }
      kept.splice(low, 0, { position, miles });
      if (kept.length > count) kept.pop();
    }
  }
  for (const position of grid.unplaced) {
    if (kept.length >= count) break;
    if (!members || hasBit(members, position)) kept.push({ position, miles: undefined });
  }
  return kept;
}

/** The set of the given positions. */
export function bitsOf(positions: readonly number[], size: number): Bits {
  const bits = emptyBits(size);
  for (const position of positions) addBit(bits, position);
  return bits;
}
