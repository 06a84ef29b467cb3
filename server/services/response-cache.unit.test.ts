import { describe, expect, it } from 'vitest';
import { createResponseCache, pickEncoding } from './response-cache.ts';

describe('response cache', () => {
  it('produces once, then answers the same bytes and ETag', async () => {
    const cache = createResponseCache();
    let calls = 0;
    const produce = async () => {
      calls += 1;
      return '[{"id":1}]';
    };
    const a = await cache.get('sites', produce);
    const b = await cache.get('sites', produce);
    expect(calls).toBe(1);
    expect(b.etag).toBe(a.etag);
    expect(a.raw.toString()).toBe('[{"id":1}]');
  });

  it('produces again after invalidate, with a new ETag for new content', async () => {
    const cache = createResponseCache();
    let body = 'one';
    const first = await cache.get('k', async () => body);
    cache.invalidate();
    body = 'two';
    const second = await cache.get('k', async () => body);
    expect(second.raw.toString()).toBe('two');
    expect(second.etag).not.toBe(first.etag);
  });

  it('does not keep a read that raced a write', async () => {
    const cache = createResponseCache();
    let release!: () => void;
    const slow = cache.get(
      'k',
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('stale');
        }),
    );
    cache.invalidate();
    release();
    expect((await slow).raw.toString()).toBe('stale');
    expect((await cache.get('k', async () => 'fresh')).raw.toString()).toBe('fresh');
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = createResponseCache({ maxEntries: 2 });
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'a again');
    await cache.get('c', async () => 'c');
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
    expect(cache.has('c')).toBe(true);
    expect((await cache.get('a', async () => 'new')).raw.toString()).toBe('a');
  });

  it('compresses once per encoding', async () => {
    const cache = createResponseCache();
    const entry = await cache.get('k', async () => 'x'.repeat(10_000));
    const br = await entry.encoded('br');
    expect(br.length).toBeLessThan(200);
    expect(await entry.encoded('br')).toBe(br);
  });
});

describe('pickEncoding', () => {
  it.each([
    [undefined, undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['*', 'br'],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
