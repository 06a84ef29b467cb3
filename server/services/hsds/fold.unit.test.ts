import { describe, expect, it } from 'vitest';
import { foldForSearch } from './build.ts';

/** The open-data feed's search folds what a person types the way the names are folded (R257). */
describe('foldForSearch', () => {
  it.each([
    ['ＧＬＩＤＥ Ｍｅｍｏｒｉａｌ', 'glide memorial'],
    ['Café  Mission', 'cafe mission'],
    ['ﬁsh Fry', 'fish fry'],
    ['  華人  長者 中心 ', '華人 長者 中心'],
  ])('reads %s as %s', (typed, folded) => {
    expect(foldForSearch(typed)).toBe(folded);
  });
});
