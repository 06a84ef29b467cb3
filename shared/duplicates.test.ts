import { describe, expect, it } from 'vitest';
import {
  duplicateReasons,
  editDistance,
  itemNameKey,
  nearlySameName,
  normalizeAddress,
  phoneDigits,
} from './duplicates.ts';

describe('normalizeAddress', () => {
  it('ignores case, punctuation, repeated spaces and folds street abbreviations', () => {
    expect(normalizeAddress('100  Market Street, Apt. 2')).toBe('100 market st apt 2');
    expect(normalizeAddress('1 Van Ness Ave.')).toBe(normalizeAddress('1 van ness avenue'));
    expect(normalizeAddress('9 Geary Boulevard')).toBe(normalizeAddress('9 GEARY BLVD'));
    expect(normalizeAddress('5 Ocean Road')).toBe(normalizeAddress('5 ocean rd'));
    expect(normalizeAddress('7 Skyline Drive')).toBe(normalizeAddress('7 Skyline Dr.'));
    expect(normalizeAddress('7 Skyline Drive')).not.toBe(normalizeAddress('8 Skyline Drive'));
  });
});

describe('names and phones', () => {
  it('edit distance, bounded', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('kitten', 'sitting', 2)).toBe(3);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('abc', 'abcdef', 1)).toBe(2);
  });

  it('nearly the same name: same after normalising, or ≤ 2 edits on names of 6 or more characters', () => {
    expect(nearlySameName('Glide Memorial', 'glide  memorial!')).toBe(true);
    expect(nearlySameName('Glide Memorial', 'Glyde Memorial')).toBe(true);
    expect(nearlySameName('Glide Memorial', 'Glide Memorial Church')).toBe(false);
    expect(nearlySameName('Cafe', 'Cafa')).toBe(false);
    expect(nearlySameName('Cafe', 'cafe')).toBe(true);
  });

  it('phone digits and item name keys', () => {
    expect(phoneDigits('(415) 555-0100')).toBe('4155550100');
    expect(phoneDigits(null)).toBe('');
    expect(itemNameKey('  Hot   Lunch ')).toBe('hot lunch');
  });
});

describe('duplicateReasons', () => {
  const base = {
    name: 'Sunset Dining Room',
    address: '1 Main St',
    phoneNumber: '4155550100',
    lat: 37.75,
    lng: -122.45,
  };
  it('names each reason that matches', () => {
    expect(duplicateReasons(base, { ...base, address: '1 main street' })).toEqual([
      'address',
      'phone',
      'name',
    ]);
    expect(duplicateReasons(base, { ...base, address: '2 Main St', phoneNumber: '' })).toEqual(['name']);
    expect(
      duplicateReasons(base, { ...base, address: '2 Main St', name: 'Other', phoneNumber: '4155550100' }),
    ).toEqual(['phone']);
  });
  it('a near-same name counts only within 100 m and only when both have a position', () => {
    const other = { ...base, address: '2 Main St', phoneNumber: '' };
    expect(duplicateReasons(base, { ...other, lat: 37.7508 })).toEqual(['name']); // about 89 m
    expect(duplicateReasons(base, { ...other, lat: 37.7512 })).toEqual([]); // about 133 m
    expect(duplicateReasons(base, { ...other, lat: null, lng: null })).toEqual([]);
  });
  it('empty phones never match', () => {
    expect(
      duplicateReasons({ ...base, phoneNumber: '' }, { ...base, phoneNumber: '', address: 'x', name: 'y' }),
    ).toEqual([]);
  });
});
