import { distanceMiles, EARTH_RADIUS_MILES, milesAtLeast } from '#shared/geo.ts';
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

export function removeBit(bits: Bits, position: number) {
  bits[position >>> 5]! &= ~(1 << (position & 31));
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
 * every distinct word of those texts (runs without a space or a new line) in `words`, and joined by new
 * lines in `vocabulary` with where each begins, with the positions of the sites whose text holds it;
 * and, for every run of three characters, the words holding it (`grams`), so that a query word of three
 * characters or more is looked for among the few words sharing its rarest run, not in every word.
 */
export interface NameIndex {
  texts: readonly string[];
  words: readonly string[];
  vocabulary: string;
  starts: Int32Array;
  postings: readonly (readonly number[])[];
  grams: ReadonlyMap<string, readonly number[]>;
}

const WORD_BREAKS = /[ \n]/;
/** The length of the runs of characters `grams` is keyed by. */
const GRAM = 3;

/** Builds the name index a text at a time (in the list's order), so a large directory is indexed in steps. */
export function nameIndexBuilder() {
  const texts: string[] = [];
  const words = new Map<string, number[]>();
  const grams = new Map<string, number[]>();
  return {
    add(text: string) {
      const position = texts.length;
      texts.push(text);
      for (const word of text.split(WORD_BREAKS)) {
        if (!word) continue;
        const sites = words.get(word);
        if (sites) {
          if (sites[sites.length - 1] !== position) sites.push(position);
          continue;
        }
        const index = words.size;
        words.set(word, [position]);
        for (let at = 0; at + GRAM <= word.length; at++) {
          const gram = word.slice(at, at + GRAM);
          const holding = grams.get(gram);
          if (!holding) grams.set(gram, [index]);
          else if (holding[holding.length - 1] !== index) holding.push(index);
        }
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
      return { texts, words: parts, vocabulary: parts.join('\n'), starts, postings, grams };
    },
  };
}

export function nameIndex(texts: readonly string[]): NameIndex {
  const builder = nameIndexBuilder();
  for (const text of texts) builder.add(text);
  return builder.finish();
}

/**
 * The words of the vocabulary holding `word`, as their indexes, and how many sites they name together,
 * counted until `enough` (then the list is incomplete, and the caller has a shorter one already). A word
 * of GRAM characters or more: the words holding its rarest run (none if a run is in no word), each
 * checked; a shorter one: found in the whole vocabulary.
 */
function wordsHolding(names: NameIndex, word: string, enough: number): { holding: number[]; sites: number } {
  const { words, vocabulary, starts, postings, grams } = names;
  const holding: number[] = [];
  let sites = 0;
  if (word.length >= GRAM) {
    let rarest: readonly number[] | undefined;
    for (let at = 0; at + GRAM <= word.length; at++) {
      const candidates = grams.get(word.slice(at, at + GRAM));
      if (!candidates) return { holding, sites };
      if (!rarest || candidates.length < rarest.length) rarest = candidates;
    }
    for (const index of rarest!) {
      if (sites >= enough) break;
      if (word.length > GRAM && !words[index]!.includes(word)) continue;
      holding.push(index);
      sites += postings[index]!.length;
    }
    return { holding, sites };
  }
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
  for (let from = 0; sites < enough; ) {
    const at = vocabulary.indexOf(word, from);
    if (at < 0) break;
    const index = wordAt(at);
    holding.push(index);
    sites += postings[index]!.length;
    from = index + 1 < starts.length ? starts[index + 1]! : vocabulary.length;
  }
  return { holding, sites };
}

/** How many words of the vocabulary a query word's search may look at: the fewest first. */
function searchCost(names: NameIndex, word: string): number {
  if (word.length < GRAM) return names.words.length;
  let fewest = Number.POSITIVE_INFINITY;
  for (let at = 0; at + GRAM <= word.length; at++)
    fewest = Math.min(fewest, names.grams.get(word.slice(at, at + GRAM))?.length ?? 0);
  return fewest;
}

/**
 * The positions `searchSites(sites, q, textOf)` keeps, from the index; `undefined` when the query has
 * no word (every site). A folded query word holds no space and no new line, so a text holds it exactly
 * when one of the text's words does. For each query word (the cheapest to look up first) the
 * vocabulary's words holding it are found, with how many sites they name together; the sites of the
 * word naming fewest are then checked for every word of the query as `searchSites` checks them (R752).
 */
export function namedBits(names: NameIndex, q: string | undefined): Bits | undefined {
  const words = q ? foldText(q).split(' ').filter(Boolean) : [];
  if (words.length === 0) return undefined;
  const { texts, postings } = names;
  let fewest: number[] = [];
  let fewestSites = Number.POSITIVE_INFINITY;
  const byCost = [...new Set(words)]
    .map((word) => ({ word, cost: searchCost(names, word) }))
    .sort((a, b) => a.cost - b.cost || b.word.length - a.word.length);
  for (const { word } of byCost) {
    const { holding, sites } = wordsHolding(names, word, fewestSites);
    if (sites < fewestSites) {
      fewest = holding;
      fewestSites = sites;
    }
    if (fewestSites === 0) break;
  }
  const found = emptyBits(texts.length);
  // A word's sites are each named once; several words may share a site, checked once.
  const checked = fewest.length > 1 ? emptyBits(texts.length) : undefined;
  for (const index of fewest)
    for (const position of postings[index]!) {
      if (checked) {
        if (hasBit(checked, position)) continue;
        addBit(checked, position);
      }
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
  /** The grid's frame: `side` × `side` equal cells from (south, west), `latStep` × `lngStep` degrees each. */
  side: number;
  south: number;
  west: number;
  latStep: number;
  lngStep: number;
  /** The frame's cell at row × side + column (row 0 the southernmost) → its kept cell, or -1 when empty. */
  cellAt: Int32Array;
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
        side,
        south,
        west,
        latStep,
        lngStep,
        cellAt: renumber,
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
  if (from.lng >= west && from.lng <= east)
    return milesAtLeast(from, Math.min(north, Math.max(south, from.lat)));
  const towardWest = milesToMeridian(from, west, south, north);
  if (towardWest === 0) return 0;
  const towardEast = milesToMeridian(from, east, south, north);
  return towardEast === 0 ? 0 : Math.min(towardWest, towardEast);
}

/** `milesToBox`'s nearest point on one of the box's meridians, or 0 past a quarter turn. */
function milesToMeridian(from: { lat: number; lng: number }, lng: number, south: number, north: number) {
  const cosine = Math.cos(radians(from.lng - lng));
  if (cosine <= 0) return 0;
  const foot = degrees(Math.atan(Math.tan(radians(from.lat)) / cosine));
  return distanceMiles(from, { lat: Math.min(north, Math.max(south, foot)), lng });
}

/**
 * The shortest distance from `from` to a point of the meridian `lng` (any latitude): R · asin(cos φ ·
 * |sin Δλ|), the distance to the great circle, whose nearest point to `from` lies on that meridian
 * within a quarter turn; 0 past it (no bound claimed).
 */
function milesToWholeMeridian(from: { lat: number; lng: number }, lng: number): number {
  const turn = radians(from.lng - lng);
  if (Math.cos(turn) <= 0) return 0;
  return EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.cos(radians(from.lat)) * Math.abs(Math.sin(turn))));
}

/** A min-heap of cells by their nearest possible distance. */
class CellQueue {
  private readonly cells: Int32Array;
  private readonly bounds: Float64Array;
  size = 0;
  constructor(capacity: number) {
    this.cells = new Int32Array(capacity);
    this.bounds = new Float64Array(capacity);
  }
  get nearest(): number {
    return this.size > 0 ? this.bounds[0]! : Number.POSITIVE_INFINITY;
  }
  push(cell: number, bound: number) {
    let at = this.size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (this.bounds[parent]! <= bound) break;
      this.cells[at] = this.cells[parent]!;
      this.bounds[at] = this.bounds[parent]!;
      at = parent;
    }
    this.cells[at] = cell;
    this.bounds[at] = bound;
  }
  pop(): number {
    const top = this.cells[0]!;
    const size = --this.size;
    const cell = this.cells[size]!;
    const bound = this.bounds[size]!;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && this.bounds[child + 1]! < this.bounds[child]!) child += 1;
      if (this.bounds[child]! >= bound) break;
      this.cells[at] = this.cells[child]!;
      this.bounds[at] = this.bounds[child]!;
      at = child;
    }
    this.cells[at] = cell;
    this.bounds[at] = bound;
    return top;
  }
}

/**
 * `byDistance(sites at the set's positions, from).slice(0, count)` from the grid (R753): the frame's
 * cells are taken in rings around the cell of `from` — the ring itself, then the next one around it —
 * and each ring's cells queued by their nearest possible distance (`milesToBox` of the sites' own box).
 * A queued cell is measured once nothing outside the rings taken so far can be nearer than it (the
 * distance from `from` to the rings' outer edge: the nearest parallel or meridian beyond which a
 * site lies); each measured site is kept among the nearest `count` by (miles, place in the list) —
 * equal distances in the list's order, as the stable sort gives them. It ends when the next cell, and
 * everything beyond the rings, cannot hold a site as near as the farthest kept (a margin for rounding,
 * so a tie is always measured). So a point asks about the cells near it, whatever the directory's size.
 * A point outside the frame has no edge to bound by: every cell is queued. Sites without a position
 * last, in the list's order.
 */
export function gridNearest(
  grid: Grid,
  members: Bits | undefined,
  from: { lat: number; lng: number },
  count: number,
): { position: number; miles: number | undefined }[] {
  const kept: { position: number; miles: number | undefined }[] = [];
  if (count <= 0) return kept;
  const { side, south, west, latStep, lngStep, cellAt, boxes, cellStarts, cellSites, lats, lngs } = grid;
  const queue = new CellQueue(cellStarts.length - 1);
  const farthest = () => (kept.length === count ? kept[count - 1]!.miles! + 1e-6 : Number.POSITIVE_INFINITY);
  const measure = (cell: number) => {
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
  };
  const queueCell = (row: number, column: number) => {
    if (row < 0 || row >= side || column < 0 || column >= side) return;
    const cell = cellAt[row * side + column]!;
    if (cell < 0) return;
    const box = cell * 4;
    queue.push(cell, milesToBox(from, boxes[box]!, boxes[box + 1]!, boxes[box + 2]!, boxes[box + 3]!));
  };
  const inFrame =
    from.lat >= south &&
    from.lat <= south + side * latStep &&
    from.lng >= west &&
    from.lng <= west + side * lngStep;
  const row = Math.min(side - 1, Math.max(0, Math.floor((from.lat - south) / latStep)));
  const column = Math.min(side - 1, Math.max(0, Math.floor((from.lng - west) / lngStep)));
  for (let ring = 0; ; ring++) {
    const [low, high, left, right] = [row - ring, row + ring, column - ring, column + ring];
    const whole = low <= 0 && left <= 0 && high >= side - 1 && right >= side - 1;
    if (ring === 0) queueCell(row, column);
    else {
      for (let c = left; c <= right; c++) {
        queueCell(low, c);
        queueCell(high, c);
      }
      for (let r = low + 1; r < high; r++) {
        queueCell(r, left);
        queueCell(r, right);
      }
    }
    // The nearest a site outside the rings taken so far can be: past the nearest edge of theirs that
    // is not the frame's own.
    let beyond = Number.POSITIVE_INFINITY;
    if (!inFrame) beyond = whole ? Number.POSITIVE_INFINITY : 0;
    else {
      if (low > 0) beyond = Math.min(beyond, milesAtLeast(from, south + low * latStep));
      if (high < side - 1) beyond = Math.min(beyond, milesAtLeast(from, south + (high + 1) * latStep));
      if (left > 0) beyond = Math.min(beyond, milesToWholeMeridian(from, west + left * lngStep));
      if (right < side - 1)
        beyond = Math.min(beyond, milesToWholeMeridian(from, west + (right + 1) * lngStep));
    }
    while (queue.size > 0 && queue.nearest <= beyond && queue.nearest <= farthest()) measure(queue.pop());
    if (whole || (beyond > farthest() && queue.nearest > farthest())) break;
  }
  for (const position of grid.unplaced) {
    if (kept.length >= count) break;
    if (!members || hasBit(members, position)) kept.push({ position, miles: undefined });
  }
  return kept;
}

/** Whether a site `miles` away at `position` comes before a kept one: nearer, or as near and earlier in the list. */
function nearer(miles: number, position: number, than: { position: number; miles: number | undefined }) {
  return miles < than.miles! || (miles === than.miles && position < than.position);
}

/** The set of the given positions. */
export function bitsOf(positions: readonly number[], size: number): Bits {
  const bits = emptyBits(size);
  for (const position of positions) addBit(bits, position);
  return bits;
}
