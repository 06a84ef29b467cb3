/**
 * docs/product.md R706–R707: the search's memo stays within its bounds and forgets the least recently
 * used first; a page of "nearest first" is exactly that page of the shared `byDistance` order.
 */
import { describe, expect, it } from 'vitest';
import { byDistance } from '#shared/geo.ts';
import { Memo, nearestFirst } from './directory-search.ts';

describe('the search memo (R706)', () => {
  it('keeps at most its entries and forgets the least recently used', () => {
    const memo = new Memo<number>(2);
    memo.set('a', 1);
    memo.set('b', 2);
    expect(memo.get('a')).toBe(1);
    memo.set('c', 3);
    expect(memo.get('b')).toBeUndefined();
    expect(memo.get('a')).toBe(1);
    expect(memo.get('c')).toBe(3);
    expect(memo.size).toBe(2);
  });

  it('keeps the weight of its entries within the bound, keeping a new heavy one alone', () => {
    const memo = new Memo<string>(10, 100);
    memo.set('a', 'a', 60);
    memo.set('b', 'b', 30);
    memo.set('c', 'c', 20);
    expect(memo.get('a')).toBeUndefined();
    expect([memo.get('b'), memo.get('c')]).toEqual(['b', 'c']);
    memo.set('d', 'd', 500);
    expect(memo.size).toBe(1);
    expect(memo.get('d')).toBe('d');
    memo.clear();
    expect(memo.size).toBe(0);
  });
});

describe('nearest first (R707)', () => {
  /** Deterministic points, many at equal distances (a grid), some without a position. */
  const sites = Array.from({ length: 400 }, (_, id) =>
    id % 37 === 0
      ? { id, lat: null, lng: null }
      : { id, lat: 37.7 + (id % 9) * 0.01, lng: -122.5 + ((id * 7) % 11) * 0.01 },
  );
  const from = { lat: 37.74, lng: -122.45 };

  it('gives the same sites, miles and order as sorting every site, ties and all', () => {
    for (const count of [0, 1, 5, 20, 60, 99])
      expect(nearestFirst(sites, from, count), `count ${count}`).toEqual(
        byDistance(sites, from).slice(0, count),
      );
  });

  it('puts sites without a position last, in the list’s order, when the page reaches them', () => {
    const few = sites.slice(0, 80);
    expect(nearestFirst(few, from, 19)).toEqual(byDistance(few, from).slice(0, 19));
    expect(nearestFirst(few, from, 80).slice(-3)).toEqual(byDistance(few, from).slice(-3));
  });
});
