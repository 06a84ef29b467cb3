import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, startS3Server, type TestS3Server } from '../test/s3-server.ts';
import {
  diskStorage,
  type FileStorage,
  readAll,
  StorageUnavailableError,
  s3Storage,
} from './file-storage.ts';

let s3: TestS3Server;
let dir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-storage-'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const s3Options = (prefix: string) => ({
  bucket: s3.bucket,
  region: 'us-east-1',
  endpoint: s3.endpoint,
  forcePathStyle: true,
  prefix,
  ...S3RVER_CREDENTIALS,
});

interface Backend {
  name: string;
  make(): FileStorage;
  /** What is really stored under `key`, read around the storage under test. */
  stored(key: string): Promise<Buffer | undefined>;
}

const backends: Backend[] = [
  {
    name: 'disk',
    make: () => diskStorage(path.join(dir, 'uploads')),
    stored: async (key) => {
      const file = path.join(dir, 'uploads', key);
      return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
    },
  },
  {
    name: 's3 (checksums when required, as for an S3-compatible endpoint)',
    make: () => s3Storage(s3Options('a/')),
    stored: (key) => s3.bytes(`a/${key}`),
  },
  {
    name: "s3 (the SDK's default checksums, as for AWS)",
    make: () => s3Storage({ ...s3Options('b/'), checksumsWhenRequired: false }),
    stored: (key) => s3.bytes(`b/${key}`),
  },
];

describe.each(backends)('$name storage', (backend) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = backend.make();
  });
  afterAll(() => storage.close());

  it('gets back exactly the bytes it put, and put replaces', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, ...Buffer.from('hello')]);
    await storage.put('key-one', bytes, 'image/png');
    expect(await backend.stored('key-one')).toEqual(bytes);
    expect(await readAll(storage, 'key-one')).toEqual(bytes);
    const stream = await storage.get('key-one');
    expect(Buffer.concat(await stream!.toArray())).toEqual(bytes);

    await storage.put('key-one', Buffer.from('second'), 'image/png');
    expect(await readAll(storage, 'key-one')).toEqual(Buffer.from('second'));
  });

  it('keeps a larger body intact', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 31) % 251;
    await storage.put('big', bytes, 'application/pdf');
    expect((await readAll(storage, 'big'))!.equals(bytes)).toBe(true);
  });

  it('answers undefined for a missing key, and after remove', async () => {
    expect(await storage.get('never-put')).toBeUndefined();
    expect(await readAll(storage, 'never-put')).toBeUndefined();
    await storage.put('gone', Buffer.from('x'), 'text/plain');
    await storage.remove('gone');
    expect(await storage.get('gone')).toBeUndefined();
    expect(await backend.stored('gone')).toBeUndefined();
    // Removing what is not there is fine.
    await storage.remove('gone');
  });

  it('refuses keys that could name something else (a path, a hidden file)', async () => {
    for (const key of ['../x', 'a/b', '.partial-x', '', 'a\\b', 'x'.repeat(201)]) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe('disk storage', () => {
  it('never shows a partial file: the target appears complete, and a failed write leaves nothing', async () => {
    const folder = path.join(dir, 'atomic');
    const storage = diskStorage(folder);
    const bytes = Buffer.alloc(8 * 1024 * 1024, 7);
    await storage.put('target', Buffer.from('old'), 'image/png');
    const seen = new Set<number>();
    let writing = true;
    // Read the target over and over while it is replaced: it is always the old or the new file, whole.
    const watcher = (async () => {
      while (writing) {
        try {
          seen.add(fs.readFileSync(path.join(folder, 'target')).length);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await storage.put('target', bytes, 'image/png');
    writing = false;
    await watcher;
    expect(seen.has(3)).toBe(true);
    expect([...seen].filter((length) => length !== 3 && length !== bytes.length)).toEqual([]);
    expect(fs.readFileSync(path.join(folder, 'target')).equals(bytes)).toBe(true);
    expect(fs.readdirSync(folder)).toEqual(['target']);

    // A write that fails (the folder is read-only) is a 503 and leaves neither target nor temporary file.
    if (process.getuid?.() !== 0) {
      fs.chmodSync(folder, 0o555);
      try {
        await expect(storage.put('other', bytes, 'image/png')).rejects.toBeInstanceOf(
          StorageUnavailableError,
        );
      } finally {
        fs.chmodSync(folder, 0o755);
      }
    } else {
      // root ignores permissions: make the target name a folder, so the rename fails instead.
      fs.mkdirSync(path.join(folder, 'other'));
      fs.writeFileSync(path.join(folder, 'other', 'x'), 'x');
      await expect(storage.put('other', bytes, 'image/png')).rejects.toBeInstanceOf(StorageUnavailableError);
      fs.rmSync(path.join(folder, 'other'), { recursive: true });
    }
    expect(fs.readdirSync(folder)).toEqual(['target']);
  });

  it('creates its folder', () => {
    const folder = path.join(dir, 'new', 'nested');
    diskStorage(folder);
    expect(fs.statSync(folder).isDirectory()).toBe(true);
  });
});

describe('s3 storage failures', () => {
  it('answers 503 (StorageUnavailableError) when the server is not there, for get, put and remove', async () => {
    // A port that was free a moment ago: nothing listens on it.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const storage = s3Storage({ ...s3Options(''), endpoint: `http://127.0.0.1:${port}` });
    try {
      for (const attempt of [
        () => storage.get('key'),
        () => storage.put('key', Buffer.from('x'), 'text/plain'),
        () => storage.remove('key'),
      ]) {
        const error = await attempt().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(StorageUnavailableError);
        expect((error as StorageUnavailableError).statusCode).toBe(503);
        expect((error as Error).cause).toBeDefined();
      }
    } finally {
      await storage.close();
    }
  });

  it('answers 503, not 404, for a bucket that does not exist or a refused key', async () => {
    const missingBucket = s3Storage({ ...s3Options(''), bucket: 'no-such-bucket' });
    const wrongKey = s3Storage({ ...s3Options(''), accessKeyId: 'NOT-A-KEY' });
    try {
      for (const storage of [missingBucket, wrongKey]) {
        await expect(storage.get('key')).rejects.toBeInstanceOf(StorageUnavailableError);
        await expect(storage.put('key', Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(
          StorageUnavailableError,
        );
      }
    } finally {
      await missingBucket.close();
      await wrongKey.close();
    }
  });

  it('keeps keys under the prefix and nothing outside it', async () => {
    const storage = s3Storage(s3Options('uploads/'));
    try {
      await storage.put('prefixed', Buffer.from('p'), 'text/plain');
      expect(await s3.keys()).toContain('uploads/prefixed');
      expect(await s3.keys()).not.toContain('prefixed');
      expect(await s3.bytes('uploads/prefixed')).toEqual(Buffer.from('p'));
    } finally {
      await storage.close();
    }
  });
});
