import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  createResponseCache,
  entryFor,
  jsonArrayBody,
  pickEncoding,
  SYNC_COMPRESSION_MAX_BYTES,
} from './response-cache.ts';

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

  it('checks the data version at most every checkEveryMs, and drops everything when it changed', async () => {
    let version = 'v1';
    let checks = 0;
    const cache = createResponseCache({
      version: async () => {
        checks += 1;
        return version;
      },
      checkEveryMs: 60_000,
    });
    let body = 'old';
    expect((await cache.get('k', async () => body)).raw.toString()).toBe('old');
    body = 'new';
    version = 'v2';
    // Within the interval: no check, the cached bytes.
    expect((await cache.get('k', async () => body)).raw.toString()).toBe('old');
    expect(checks).toBe(1);

    const always = createResponseCache({ version: async () => version, checkEveryMs: 0 });
    expect((await always.get('k', async () => body)).raw.toString()).toBe('new');
    body = 'newer';
    expect((await always.get('k', async () => body)).raw.toString()).toBe('new');
    version = 'v1'; // an older version (a restored database) is a change too
    expect((await always.get('k', async () => body)).raw.toString()).toBe('newer');
  });

  it('drops the cache and reports when the data version cannot be read', async () => {
    const errors: unknown[] = [];
    let fail = false;
    const cache = createResponseCache({
      version: async () => {
        if (fail) throw new Error('database unreachable');
        return 'v1';
      },
      checkEveryMs: 0,
      onCheckError: (error) => errors.push(error),
    });
    await cache.get('k', async () => 'old');
    fail = true;
    expect((await cache.get('k', async () => 'new')).raw.toString()).toBe('new');
    expect(errors).toHaveLength(1);
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

describe('entryFor: compressed once per encoding (R757)', () => {
  /** True when the promise had settled already: it wins a race against one turn of the microtasks. */
  const settledAtOnce = (promise: Promise<unknown>) =>
    Promise.race([promise.then(() => true), Promise.resolve().then(() => false)]);
  const search = JSON.stringify({
    sites: Array.from({ length: 25 }, (_, id) => ({ id, name: `Site ${id}` })),
  });
  const large = JSON.stringify(Array.from({ length: 2000 }, (_, id) => ({ id, name: `Site ${id}` })));

  it('compresses a small fast answer at once, and a large or a best one on the compression threads', async () => {
    expect(Buffer.byteLength(search)).toBeLessThanOrEqual(SYNC_COMPRESSION_MAX_BYTES);
    expect(Buffer.byteLength(large)).toBeGreaterThan(SYNC_COMPRESSION_MAX_BYTES);
    expect(await settledAtOnce(entryFor(search).encoded('br'))).toBe(true);
    expect(await settledAtOnce(entryFor(search).encoded('gzip'))).toBe(true);
    expect(await settledAtOnce(entryFor(large).encoded('br'))).toBe(false);
    expect(await settledAtOnce(entryFor(search, 'best').encoded('br'))).toBe(false);
  });

  it('gives the same bytes back either way, once per encoding', async () => {
    for (const [body, compression] of [
      [search, 'fast'],
      [large, 'fast'],
      [search, 'best'],
    ] as const) {
      const entry = entryFor(body, compression);
      const br = await entry.encoded('br');
      expect(zlib.brotliDecompressSync(br).toString()).toBe(body);
      expect(zlib.gunzipSync(await entry.encoded('gzip')).toString()).toBe(body);
      expect(await entry.encoded('br')).toBe(br);
    }
  });
});

describe('jsonArrayBody', () => {
  const inOnePiece = async (text: string) => createResponseCache().get('k', async () => text);
  const assembled = async (chunks: string[][]) =>
    createResponseCache().get('k', async () => {
      const body = jsonArrayBody();
      for (const chunk of chunks) body.append(chunk);
      return body.finish();
    });

  it('assembles the bytes and ETag of the same array made in one piece', async () => {
    const chunks = [['{"id":1,"name":"Café"}', '{"id":2}'], [], ['{"id":3,"name":"長者"}'], ['4']];
    const text = `[${chunks.flat().join(',')}]`;
    const [whole, pieces] = await Promise.all([inOnePiece(text), assembled(chunks)]);
    expect(pieces.raw.toString()).toBe(text);
    expect(pieces.raw.equals(whole.raw)).toBe(true);
    expect(pieces.etag).toBe(whole.etag);
  });

  it('says where each run of elements lies, so the array can be parsed a run at a time (R708)', async () => {
    const chunks = [['{"id":1,"name":"Café"}', '{"id":2}'], [], ['{"id":3,"name":"長者"}'], ['4']];
    const { raw, runs } = await assembled(chunks);
    const parsed: unknown[] = [];
    for (let i = 0; i < runs!.length; i += 2)
      parsed.push(...JSON.parse(`[${raw.subarray(runs![i], runs![i + 1]).toString()}]`));
    expect(parsed).toEqual(JSON.parse(raw.toString()));
    expect(runs).toHaveLength(6);
  });

  it('answers [] with no elements', async () => {
    const [whole, pieces] = await Promise.all([inOnePiece('[]'), assembled([[], []])]);
    expect(pieces.raw.toString()).toBe('[]');
    expect(pieces.etag).toBe(whole.etag);
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
