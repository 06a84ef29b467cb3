import { describe, expect, it } from 'vitest';
import { popupFits, resultKey } from './fit.ts';

describe('resultKey: when the map fits the results again (docs/product.md R150)', () => {
  it('is the set of ids: a new order is the same results, a new member is not', () => {
    expect(resultKey([{ id: 3 }, { id: 1 }, { id: 20 }])).toBe(resultKey([{ id: 20 }, { id: 3 }, { id: 1 }]));
    expect(resultKey([{ id: 3 }, { id: 1 }])).not.toBe(resultKey([{ id: 3 }, { id: 1 }, { id: 2 }]));
    expect(resultKey([])).toBe('');
  });
});

describe('popupFits: popup or panel below the map (docs/product.md R151)', () => {
  it.each([
    // A 360 × 740 phone: the map under its bar is about 320 × 350 px.
    [{ x: 320, y: 350 }, 18, true],
    // The same phone at 200 % text: the panel.
    [{ x: 320, y: 350 }, 36, false],
    // A 1280 × 720 desktop: the map is about 1150 × 340 px.
    [{ x: 1150, y: 340 }, 18, true],
    [{ x: 1150, y: 340 }, 36, false],
    // Narrow, whatever the height.
    [{ x: 230, y: 600 }, 18, false],
  ])('%o at %i px text: %s', (size, font, fits) => {
    expect(popupFits(size, font)).toBe(fits);
  });
});
