import { describe, expect, it } from 'vitest';
import { parseUsAddress } from './address.ts';

describe('parseUsAddress', () => {
  it.each([
    [
      '1 Main St, San Francisco, CA 94110',
      { address_1: '1 Main St', city: 'San Francisco', state_province: 'CA', postal_code: '94110' },
    ],
    [
      '1 Main St\nSan Francisco, CA 94110',
      { address_1: '1 Main St', city: 'San Francisco', state_province: 'CA', postal_code: '94110' },
    ],
    [
      '1 Main St\r\nSuite 2\r\nSan Francisco\r\nCA 94110',
      {
        address_1: '1 Main St',
        address_2: 'Suite 2',
        city: 'San Francisco',
        state_province: 'CA',
        postal_code: '94110',
      },
    ],
    [
      '777 Stockton St, San Francisco, CA 94108',
      { address_1: '777 Stockton St', city: 'San Francisco', state_province: 'CA', postal_code: '94108' },
    ],
    [
      '1 Main St, Suite 2, Floor 3, Oakland, ca. 94612-1234, USA',
      {
        address_1: '1 Main St',
        address_2: 'Suite 2, Floor 3',
        city: 'Oakland',
        state_province: 'CA',
        postal_code: '94612-1234',
      },
    ],
    [
      '350 Golden Gate Ave, San Francisco, CA, 94102',
      { address_1: '350 Golden Gate Ave', city: 'San Francisco', state_province: 'CA', postal_code: '94102' },
    ],
  ])('splits %s', (address, parts) => {
    expect(parseUsAddress(address)).toEqual(parts);
  });

  it('publishes an unsplittable address stored on several lines as one line', () => {
    expect(parseUsAddress('Civic Center Plaza\n Near the fountain ')).toEqual({
      address_1: 'Civic Center Plaza, Near the fountain',
      city: '',
      state_province: '',
      postal_code: '',
    });
  });

  it.each(['Civic Center Plaza', 'San Francisco, CA 94102', '12 Oak St, San Francisco', '  '])(
    'publishes %j whole as the first line instead of guessing',
    (address) => {
      expect(parseUsAddress(address)).toEqual({
        address_1: address.trim(),
        city: '',
        state_province: '',
        postal_code: '',
      });
    },
  );
});
