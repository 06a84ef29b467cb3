import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Geocoder } from './geocoding.ts';
import { createPlaces, placeKey, readNeighborhoods } from './places.ts';

/** A geocoder that knows one street corner and counts its calls. */
function fakeGeocoder() {
  const calls: string[] = [];
  const geocoder: Geocoder = {
    geocode: async (address) => {
      calls.push(address);
      if (/^24th (&|and) Mission/i.test(address)) return { ok: true, lat: 37.7524, lng: -122.4184 };
      if (/slow/i.test(address)) return { ok: false, reason: 'timeout' };
      return { ok: false, reason: 'not-found' };
    },
  };
  return { geocoder, calls };
}

const places = (geocoder?: Geocoder, max = 100, now = () => 0) =>
  createPlaces({ geocoder, geocodesPerWindow: max, windowMs: 60_000, now });

describe('the place a near text names', () => {
  const { geocoder } = fakeGeocoder();
  const withGeocoder = places(geocoder);
  const without = places(undefined);

  it.each<[string, string, 'en' | 'es' | 'zh', object]>([
    ['a ZIP code', '94110', 'en', { kind: 'zip', label: '94110', lat: 37.750021, lng: -122.415201 }],
    ['a ZIP+4 code', ' 94110-1234 ', 'en', { kind: 'zip', label: '94110' }],
    ['a neighborhood', 'Mission', 'en', { kind: 'neighborhood', label: 'Mission', lat: 37.7599 }],
    ['any case, extra spaces', '  tenderLOIN ', 'en', { kind: 'neighborhood', label: 'Tenderloin' }],
    ['its Spanish name, accent or not', 'la mision', 'es', { kind: 'neighborhood', label: 'La Misión' }],
    ['its Spanish name answered in English', 'La Misión', 'en', { kind: 'neighborhood', label: 'Mission' }],
    ['its Chinese name', '唐人街', 'zh', { kind: 'neighborhood', label: '唐人街' }],
    ['a Chinese alias', '華埠', 'en', { kind: 'neighborhood', label: 'Chinatown' }],
    ['a Chinese name without 區', '米慎', 'zh', { kind: 'neighborhood', label: '米慎區' }],
    ['an alias', 'Outer Sunset', 'en', { kind: 'neighborhood', label: 'Outer Sunset' }],
    ['an alias with punctuation', 'Bayview–Hunters Point', 'en', { kind: 'neighborhood', label: 'Bayview' }],
    ['SoMa', 'soma', 'en', { kind: 'neighborhood', label: 'South of Market' }],
    [
      'with the city after it',
      'Excelsior, San Francisco, CA',
      'en',
      { kind: 'neighborhood', label: 'Excelsior' },
    ],
    ['a street address', '24th & Mission', 'en', { kind: 'address', label: '24th & Mission', lat: 37.7524 }],
  ])('%s: %j (%s)', async (_name, text, language, expected) => {
    const answer = await withGeocoder.lookup(text, language, 'client');
    expect(answer).toEqual({ found: true, place: expect.objectContaining(expected) });
  });

  it.each<[string, string]>([
    ['an unknown ZIP code', '00000'],
    ['junk', '!!!'],
    ['digits that are no ZIP code', '1234'],
    ['an address nobody knows', '1 Nowhere Lane'],
  ])('%s (%j) is not found', async (_name, text) => {
    expect(await withGeocoder.lookup(text, 'en', 'client')).toEqual({ found: false, geocoder: true });
  });

  it('says there is no geocoder when an address cannot be looked up', async () => {
    expect(await without.lookup('3255 Elm Ave', 'en', 'client')).toEqual({ found: false, geocoder: false });
    // A corner named with its neighborhood is found by the neighborhood (docs/product.md R476).
    expect(await without.lookup('24th & Mission', 'en', 'client')).toMatchObject({
      found: true,
      place: { kind: 'neighborhood', label: 'Mission' },
    });
    // ZIP codes and neighborhoods need no geocoder.
    expect(await without.lookup('94124', 'en', 'client')).toMatchObject({ found: true });
    expect(await without.lookup('Visitacion Valley', 'en', 'client')).toMatchObject({ found: true });
  });
});

describe('street addresses', () => {
  it('asks the geocoder in the agency city, once per address (cached), never for ZIP codes or neighborhoods', async () => {
    const { geocoder, calls } = fakeGeocoder();
    const lookup = places(geocoder).lookup;
    await lookup('24th & Mission', 'en', 'a');
    await lookup(' 24th   &  Mission ', 'en', 'b');
    await lookup('1 Nowhere Lane', 'en', 'a');
    await lookup('1 Nowhere  Lane', 'en', 'a');
    await lookup('94110', 'en', 'a');
    await lookup('Mission', 'en', 'a');
    expect(calls).toEqual(['24th & Mission, San Francisco', '1 Nowhere Lane, San Francisco']);
  });

  it('shares an answer only between texts that send the geocoder the same query', async () => {
    const calls: string[] = [];
    const positions: Record<string, number> = {
      '1 Main St #5, San Francisco': 37.1,
      '1 Main St 5, San Francisco': 37.2,
    };
    const lookup = places({
      geocode: async (address) => {
        calls.push(address);
        const lat = positions[address];
        return lat ? { ok: true, lat, lng: -122 } : { ok: false, reason: 'not-found' };
      },
    }).lookup;
    expect(await lookup('1 Main St #5', 'en', 'a')).toMatchObject({ place: { lat: 37.1 } });
    // Folded alike by placeKey, but another question: asked, not answered from the first.
    expect(await lookup('1 Main St 5', 'en', 'a')).toMatchObject({ place: { lat: 37.2 } });
    expect(await lookup('1  Main St #5 ', 'en', 'a')).toMatchObject({ place: { lat: 37.1 } });
    expect(calls).toEqual(['1 Main St #5, San Francisco', '1 Main St 5, San Francisco']);
  });

  it('counts an IPv6 client by its /64', async () => {
    const { geocoder } = fakeGeocoder();
    const lookup = places(geocoder, 2).lookup;
    expect(await lookup('5 Nowhere Lane', 'en', '2001:db8:1:2::1')).toMatchObject({ geocoder: true });
    expect(await lookup('6 Nowhere Lane', 'en', '2001:db8:1:2::2')).toMatchObject({ geocoder: true });
    expect(await lookup('7 Nowhere Lane', 'en', '2001:db8:1:2:ffff::9')).toEqual({
      found: false,
      limited: true,
    });
    expect(await lookup('7 Nowhere Lane', 'en', '2001:db8:1:3::1')).toMatchObject({ geocoder: true });
  });

  it('does not remember a time-out', async () => {
    const { geocoder, calls } = fakeGeocoder();
    const lookup = places(geocoder).lookup;
    await lookup('Slow Street', 'en', 'a');
    await lookup('Slow Street', 'en', 'a');
    expect(calls).toHaveLength(2);
  });

  it('limits geocoder calls per client and window; cached answers stay free', async () => {
    const { geocoder } = fakeGeocoder();
    let time = 0;
    const lookup = places(geocoder, 2, () => time).lookup;
    expect(await lookup('24th & Mission', 'en', 'a')).toMatchObject({ found: true });
    expect(await lookup('2 Nowhere Lane', 'en', 'a')).toMatchObject({ found: false, geocoder: true });
    expect(await lookup('3 Nowhere Lane', 'en', 'a')).toEqual({ found: false, limited: true });
    expect(await lookup('24th & Mission', 'en', 'a')).toMatchObject({ found: true });
    expect(await lookup('3 Nowhere Lane', 'en', 'b')).toMatchObject({ found: false, geocoder: true });
    time = 60_000;
    expect(await lookup('4 Nowhere Lane', 'en', 'a')).toMatchObject({ found: false, geocoder: true });
  });
});

describe('the neighborhoods file', () => {
  const write = (content: unknown) => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hoods-')), 'n.json');
    fs.writeFileSync(file, JSON.stringify(content));
    return file;
  };

  it('ships about forty San Francisco neighborhoods, each with a Chinese name', () => {
    const { city, neighborhoods } = readNeighborhoods(path.join(import.meta.dirname, 'neighborhoods.json'));
    expect(city).toBe('San Francisco');
    expect(neighborhoods.length).toBeGreaterThanOrEqual(40);
    for (const n of neighborhoods) expect(n.zh, n.name).toBeTruthy();
  });

  it('can be replaced by a deployment', async () => {
    const file = write({
      city: 'Oakland',
      neighborhoods: [{ name: 'Fruitvale', lat: 37.775, lng: -122.224 }],
    });
    const oakland = createPlaces({
      geocoder: undefined,
      neighborhoodsFile: file,
      geocodesPerWindow: 1,
      windowMs: 1,
    });
    expect(await oakland.lookup('fruitvale', 'zh', 'a')).toMatchObject({
      found: true,
      place: { label: 'Fruitvale' },
    });
    expect(await oakland.lookup('Mission', 'en', 'a')).toEqual({ found: false, geocoder: false });
  });

  it.each([
    ['no list', { city: 'X' }],
    ['a missing position', { neighborhoods: [{ name: 'A', lat: 37 }] }],
    ['a position off the Earth', { neighborhoods: [{ name: 'A', lat: 137, lng: 0 }] }],
  ])('is refused with %s', (_name, content) => {
    expect(() => readNeighborhoods(write(content))).toThrow();
  });
});

it('placeKey folds case, accents and punctuation', () => {
  expect(placeKey('  Haight-Ashbury ')).toBe('haight ashbury');
  expect(placeKey('La Misión')).toBe('la mision');
  expect(placeKey('24th & Mission')).toBe('24th and mission');
});
