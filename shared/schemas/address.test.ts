/** A site's address is stored on one line, so the open-data feed can split it (docs/product.md R486). */
import { describe, expect, it } from 'vitest';
import { oneLineAddress, SiteCreateSchema } from './sites.ts';

describe('oneLineAddress', () => {
  it.each([
    ['1 Main St, San Francisco, CA 94110', '1 Main St, San Francisco, CA 94110'],
    ['1 Main St\nSan Francisco, CA 94110', '1 Main St, San Francisco, CA 94110'],
    ['1 Main St\r\nSan Francisco, CA 94110', '1 Main St, San Francisco, CA 94110'],
    ['1 Main St\rSan Francisco, CA 94110', '1 Main St, San Francisco, CA 94110'],
    ['1 Main St,\nSan Francisco, CA 94110', '1 Main St, San Francisco, CA 94110'],
    ['1 Main St\n, San Francisco, CA 94110', '1 Main St, San Francisco, CA 94110'],
    [
      '  1 Main St  \n\n  Suite 2 \n San Francisco, CA 94110\n',
      '1 Main St, Suite 2, San Francisco, CA 94110',
    ],
    ['Civic Center Plaza\nSan Francisco', 'Civic Center Plaza, San Francisco'],
    ['  spaces kept on one line  ', '  spaces kept on one line  '],
    ['\n\n', ''],
  ])('%j → %j', (typed, stored) => {
    expect(oneLineAddress(typed)).toBe(stored);
  });

  it('is what a site is saved with, and a blank multi-line address is still required', () => {
    const base = { name: 'Dining Room', phoneNumber: null, email: null, website: null, Hours: [] };
    const saved = SiteCreateSchema.parse({ ...base, address: '1 Main St\nSan Francisco, CA 94110' });
    expect(saved.address).toBe('1 Main St, San Francisco, CA 94110');
    expect(SiteCreateSchema.safeParse({ ...base, address: ' \n ,\n' }).success).toBe(false);
  });

  it('takes time in proportion to the text, however many commas and spaces it holds', () => {
    const hostile = `${', '.repeat(200_000)}x\n${' ,'.repeat(200_000)}`;
    expect(oneLineAddress(hostile)).toBe('x');
  });
});
