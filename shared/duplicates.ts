/**
 * When two sites look like the same place (docs/product.md R177), and when two list items have the
 * same name (R179). Pure: the server checks writes with it and builds the workspace's flags; the
 * staff screens may use it to explain a match.
 */
import { distanceMiles } from './geo.ts';

/** Two sites with nearly the same name count as one place only within this distance. */
export const NEAR_METERS = 100;
const METERS_PER_MILE = 1609.344;

const STREET_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  boulevard: 'blvd',
  road: 'rd',
  drive: 'dr',
};

/** Lower case, punctuation removed, spaces collapsed. */
function plain(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "1 Main Street, Apt. 2" and "1 main st apt 2" are the same address. */
export function normalizeAddress(address: string): string {
  return plain(address)
    .split(' ')
    .map((word) => STREET_WORDS[word] ?? word)
    .join(' ');
}

export function normalizeName(name: string): string {
  return plain(name);
}

/** The digits of a phone number; '' when none. */
export function phoneDigits(phone: string | null | undefined): string {
  return (phone ?? '').replace(/\D/g, '');
}

/** A list item's name as the uniqueness rule compares it: trimmed, inner spaces collapsed, lower case. */
export function itemNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Levenshtein distance, giving up (answering max + 1) once it must exceed `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** The same after normalising, or at most two edits apart when both are at least six characters. */
export function nearlySameName(a: string, b: string): boolean {
  return nearlySameNormalized(normalizeName(a), normalizeName(b));
}

/** `nearlySameName` of two names already normalised (`normalizeName`). */
function nearlySameNormalized(x: string, y: string): boolean {
  if (x === y) return x !== '';
  return x.length >= 6 && y.length >= 6 && editDistance(x, y, 2) <= 2;
}

export interface DuplicateFacts {
  name: string;
  address: string;
  phoneNumber?: string | null;
  lat?: number | null;
  lng?: number | null;
}

export type DuplicateReason = 'address' | 'phone' | 'name';

const hasPosition = (site: DuplicateFacts): site is DuplicateFacts & { lat: number; lng: number } =>
  typeof site.lat === 'number' && typeof site.lng === 'number';

/** Why `a` and `b` look like the same place: [] when they do not (docs/product.md R177). */
export function duplicateReasons(a: DuplicateFacts, b: DuplicateFacts): DuplicateReason[] {
  const reasons: DuplicateReason[] = [];
  const address = normalizeAddress(a.address);
  if (address !== '' && address === normalizeAddress(b.address)) reasons.push('address');
  const phone = phoneDigits(a.phoneNumber);
  if (phone !== '' && phone === phoneDigits(b.phoneNumber)) reasons.push('phone');
  if (
    hasPosition(a) &&
    hasPosition(b) &&
    distanceMiles(a, b) * METERS_PER_MILE <= NEAR_METERS &&
    nearlySameName(a.name, b.name)
  )
    reasons.push('name');
  return reasons;
}

/**
 * For each site, the other sites it looks like (R177), without comparing every pair: sites meet by
 * normalised address, by phone, and by a grid of cells about 110 m tall so that only sites close
 * enough for the name rule are compared by name.
 */
export function duplicateGroups<S extends DuplicateFacts & { id: number }>(
  sites: readonly S[],
): Map<number, number[]> {
  const found = new Map<number, Set<number>>(sites.map((site) => [site.id, new Set<number>()]));
  const link = (a: S, b: S) => {
    if (a.id === b.id) return;
    found.get(a.id)!.add(b.id);
    found.get(b.id)!.add(a.id);
  };
  const byKey = new Map<string, S[]>();
  const cell = 0.001;
  for (const site of sites) {
    const keys: string[] = [];
    const address = normalizeAddress(site.address);
    if (address) keys.push(`a:${address}`);
    const phone = phoneDigits(site.phoneNumber);
    if (phone) keys.push(`p:${phone}`);
    for (const key of keys) {
      const others = byKey.get(key) ?? [];
      for (const other of others) link(site, other);
      others.push(site);
      byKey.set(key, others);
    }
  }
  // The name rule of duplicateReasons, each name normalised once rather than once per pair compared.
  const grid = new Map<string, { site: S & { lat: number; lng: number }; name: string }[]>();
  for (const site of sites) {
    if (!hasPosition(site)) continue;
    const name = normalizeName(site.name);
    const x = Math.floor(site.lat / cell);
    const y = Math.floor(site.lng / (cell * 4));
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const other of grid.get(`${x + dx}:${y + dy}`) ?? [])
          if (
            distanceMiles(site, other.site) * METERS_PER_MILE <= NEAR_METERS &&
            nearlySameNormalized(name, other.name)
          )
            link(site, other.site);
    const key = `${x}:${y}`;
    const inCell = grid.get(key);
    if (inCell) inCell.push({ site, name });
    else grid.set(key, [{ site, name }]);
  }
  return new Map([...found].map(([id, ids]) => [id, [...ids].sort((a, b) => a - b)]));
}
