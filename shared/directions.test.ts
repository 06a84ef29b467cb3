import { describe, expect, it } from 'vitest';
import { directionsUrl } from './directions.ts';

describe('directionsUrl', () => {
  it.each<[string, Parameters<typeof directionsUrl>[0], string | undefined]>([
    [
      'an address is encoded as the destination',
      { address: '100 Market St, San Francisco, CA 94103' },
      'https://www.google.com/maps/dir/?api=1&destination=100%20Market%20St%2C%20San%20Francisco%2C%20CA%2094103',
    ],
    [
      'the address wins over coordinates',
      { address: '1 Grove St', lat: 37.7, lng: -122.4 },
      'https://www.google.com/maps/dir/?api=1&destination=1%20Grove%20St',
    ],
    [
      'characters that would break the URL are encoded',
      { address: '5 A&B St #2?x=1' },
      'https://www.google.com/maps/dir/?api=1&destination=5%20A%26B%20St%20%232%3Fx%3D1',
    ],
    [
      'non-Latin text is encoded',
      { address: '華盛頓街 777 號' },
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('華盛頓街 777 號')}`,
    ],
    [
      'coordinates when there is no address',
      { address: '  ', lat: 37.7749, lng: -122.4194 },
      'https://www.google.com/maps/dir/?api=1&destination=37.7749,-122.4194',
    ],
    ['nothing to go to', { address: null, lat: null, lng: null }, undefined],
    ['only one coordinate', { lat: 37.7 }, undefined],
  ])('%s', (_name, place, expected) => {
    expect(directionsUrl(place)).toBe(expected);
  });
});
