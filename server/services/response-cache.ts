import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { recordCacheLookup } from './metrics.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export interface CachedResponse {
  raw: Buffer;
  etag: string;
  /**
   * For a JSON array assembled by `jsonArrayBody`: [start, end) byte offsets of each appended run of
   * elements (`e1,e2,…`), so a reader can parse the array a run at a time (docs/product.md R708).
   */
  runs?: readonly number[];
  /** Compressed once per version, then reused by every request. */
  encoded(encoding: 'br' | 'gzip'): Promise<Buffer>;
}

/** An answer's bytes with their ETag, when the producer assembled them itself (`jsonArrayBody`). */
export interface PreparedBody {
  raw: Buffer;
  etag: string;
  runs?: readonly number[];
}

const etagOf = (hash: ReturnType<typeof createHash>) => `"${hash.digest('base64url')}"`;

/**
 * A JSON array's bytes assembled from its elements a few at a time, hashed as they come. Converting and
 * hashing a body of megabytes in one go holds the process for tens of milliseconds; here each piece
 * costs what its own size costs, and the producer can give the event loop back between pieces. The
 * bytes and ETag are those `get` makes from the same text in one piece.
 */
export function jsonArrayBody() {
  const hash = createHash('sha1');
  const pieces: Buffer[] = [];
  const runs: number[] = [];
  let length = 0;
  let empty = true;
  const add = (text: string) => {
    const piece = Buffer.from(text);
    hash.update(piece);
    pieces.push(piece);
    length += piece.length;
    return piece.length;
  };
  add('[');
  return {
    /** Elements as JSON text, in order. */
    append(elements: readonly string[]) {
      if (elements.length === 0) return;
      const start = length + (empty ? 0 : 1);
      add(`${empty ? '' : ','}${elements.join(',')}`);
      runs.push(start, length);
      empty = false;
    },
    finish(): PreparedBody {
      add(']');
      return { raw: Buffer.concat(pieces), etag: etagOf(hash), runs };
    },
    /**
     * `finish`, the pieces copied into the answer's bytes about COPY_STEP_BYTES at a time with `pause`
     * between: copying megabytes into a new buffer in one go held the process for tens of
     * milliseconds, over a hundred on a busy machine (docs/product.md R756).
     */
    async finishInSteps(pause: () => Promise<void>): Promise<PreparedBody> {
      add(']');
      const raw = Buffer.allocUnsafe(length);
      let at = 0;
      let sincePause = 0;
      for (const piece of pieces) {
        piece.copy(raw, at);
        at += piece.length;
        sincePause += piece.length;
        if (sincePause >= COPY_STEP_BYTES) {
          sincePause = 0;
          await pause();
        }
      }
      return { raw, etag: etagOf(hash), runs };
    },
  };
}

/** About this many bytes copied between two pauses of `finishInSteps`. */
const COPY_STEP_BYTES = 1 << 20;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The elements of a cached JSON array in order, in batches of at least `step` elements (whole runs of
 * `jsonArrayBody`, parsed a run at a time), the event loop given back after each batch — what reads
 * the whole cached directory (the search's preparation, today's dishes) so that no step turns the
 * megabytes of the list into text or objects in one piece (docs/product.md R708, R756). An answer
 * made in one piece (no runs) is parsed whole.
 */
export async function* arrayInSteps<T>(entry: CachedResponse, step: number): AsyncGenerator<T[]> {
  const { raw, runs } = entry;
  if (!runs) {
    yield JSON.parse(raw.toString()) as T[];
    return;
  }
  let batch: T[] = [];
  for (let i = 0; i < runs.length; i += 2) {
    const run = JSON.parse(`[${raw.subarray(runs[i], runs[i + 1]).toString()}]`) as T[];
    for (const element of run) batch.push(element);
    if (batch.length >= step) {
      yield batch;
      batch = [];
      await yieldToLoop();
    }
  }
  if (batch.length > 0) yield batch;
}

function preparedFrom(text: string): PreparedBody {
  const raw = Buffer.from(text);
  return { raw, etag: etagOf(createHash('sha1').update(raw)) };
}

/**
 * How hard an answer is compressed, once per encoding: `fast` (brotli 5, gzip 6) for answers made
 * for one query, `best` (brotli 11, gzip 9) for the public pages, each kept for a language and an agency
 * day and sent to every visitor: on a 75 KB page brotli 11 sends 15 % less than 5 (8.3 → 7.0 KB), for
 * about 130 ms of one of the compression threads, never the event loop, once per page and day
 * (docs/product.md R720).
 */
export type Compression = 'fast' | 'best';

/**
 * A `fast` answer up to this many bytes is compressed on the event loop, in one call: for a search
 * page of about 5 KB that costs about 0.06 ms, where handing it to a compression thread costs about
 * 0.2 ms of the loop's own time (0.8 ms with ten requests at once) — the round trip, not the
 * compression (docs/product.md R757). Larger answers and `best` ones go to the threads.
 */
export const SYNC_COMPRESSION_MAX_BYTES = 16 * 1024;

function compressed(raw: Buffer, encoding: 'br' | 'gzip', compression: Compression): Promise<Buffer> {
  const best = compression === 'best';
  const brotliOptions = {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  };
  const gzipOptions = { level: best ? 9 : 6 };
  if (!best && raw.length <= SYNC_COMPRESSION_MAX_BYTES) {
    try {
      return Promise.resolve(
        encoding === 'br' ? zlib.brotliCompressSync(raw, brotliOptions) : zlib.gzipSync(raw, gzipOptions),
      );
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return encoding === 'br' ? brotli(raw, brotliOptions) : gzip(raw, gzipOptions);
}

/** An answer's bytes as the cache keeps them (ETag, compressed once per encoding on first ask), kept by the caller. */
export function entryFor(body: string | PreparedBody, compression: Compression = 'fast'): CachedResponse {
  const { raw, etag, runs } = typeof body === 'string' ? preparedFrom(body) : body;
  const encodings = new Map<string, Promise<Buffer>>();
  return {
    raw,
    etag,
    ...(runs ? { runs } : {}),
    encoded(encoding) {
      let pending = encodings.get(encoding);
      if (!pending) {
        pending = compressed(raw, encoding, compression);
        encodings.set(encoding, pending);
      }
      return pending;
    },
  };
}

const MAX_ENTRIES = 5000;

export interface ResponseCacheOptions {
  /**
   * The data's version as committed now (services/data-version.ts). Checked before a cached answer is
   * served, at most every `checkEveryMs`: a new version drops everything. The backstop for any change
   * no notification announced (a listener that went deaf, a restore, a change by hand in SQL).
   */
  version?: () => Promise<string>;
  checkEveryMs?: number;
  /** A version that could not be read: the cache is dropped (it cannot be shown fresh) and this told. */
  onCheckError?: (error: unknown) => void;
  /** At most this many answers are kept; beyond, the least recently used goes first. */
  maxEntries?: number;
}

/**
 * Public read answers (sites, site, lists) kept as ready-to-send bytes with an ETag. Any write clears
 * everything at once (`invalidate`), and a read that raced a write never stores what it read: the
 * generation it started under must still be current when it finishes. At most `maxEntries` are kept;
 * beyond, the least recently used goes first.
 */
export function createResponseCache(options: ResponseCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  let generation = 0;
  const entries = new Map<string, Promise<CachedResponse>>();
  let knownVersion: string | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<void> | undefined;
  const { version, checkEveryMs = 10_000, onCheckError } = options;

  const invalidate = () => {
    generation += 1;
    entries.clear();
  };

  /** One version read at a time; every read arriving meanwhile waits for it. */
  const checkVersion = () => {
    checking ??= (async () => {
      try {
        const current = await version!();
        if (current !== knownVersion) {
          knownVersion = current;
          // Reads still running were started before this check and sit in `entries`; an empty cache
          // (just dropped by a write) has nothing to drop.
          if (entries.size > 0) invalidate();
        }
      } catch (error) {
        knownVersion = undefined;
        invalidate();
        onCheckError?.(error);
      } finally {
        checkedAt = Date.now();
        checking = undefined;
      }
    })();
    return checking;
  };

  return {
    invalidate,
    get generation() {
      return generation;
    },
    /** Whether `key` is kept (answered or being produced). */
    has(key: string): boolean {
      return entries.has(key);
    },
    async get(
      key: string,
      produce: () => Promise<string | PreparedBody>,
      compression: Compression = 'fast',
    ): Promise<CachedResponse> {
      if (version && (checking || Date.now() - checkedAt >= checkEveryMs)) await checkVersion();
      const hit = entries.get(key);
      recordCacheLookup(hit !== undefined);
      if (hit) {
        // Most recently used last: a Map keeps insertion order, so the first key is the one to drop.
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const started = generation;
      const pending = produce().then((body) => entryFor(body, compression));
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, pending);
      try {
        const entry = await pending;
        if (started !== generation && entries.get(key) === pending) entries.delete(key);
        return entry;
      } catch (error) {
        if (entries.get(key) === pending) entries.delete(key);
        throw error;
      }
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

/** br when the client accepts it, else gzip, else none (q=0 respected). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}
