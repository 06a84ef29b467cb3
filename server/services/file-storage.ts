import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';

/**
 * Where uploaded files live (docs/decisions/012-object-storage.md). An object is either absent or
 * complete: a reader never sees half of one.
 */
export interface FileStorage {
  /** Stores the whole body under `key`, replacing what was there. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or undefined when there is no such object. */
  get(key: string): Promise<Readable | undefined>;
  /** Removes the object; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Where the files are, for people: a folder or `s3://bucket/prefix`. */
  readonly location: string;
  /** Releases connections (S3); the app calls it when it closes. */
  close(): Promise<void>;
}

/** The store could not be reached or refused us: a 503 that says so, with the cause kept for the log. */
export class StorageUnavailableError extends HttpError {
  constructor(message: string, options: { cause: unknown }) {
    super(503, message);
    this.cause = options.cause;
  }
}

const READ_FAILED = 'The file is temporarily unavailable. Please try again in a moment.';
const WRITE_FAILED = 'The file could not be stored right now. Please try again in a moment.';

/** Keys are ours (random base64url); anything else is a bug, and must never become a path. */
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
function checkKey(key: string) {
  if (!SAFE_KEY.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** The whole object as bytes, or undefined when missing; a failure while reading is a 503 too. */
export async function readAll(storage: FileStorage, key: string): Promise<Buffer | undefined> {
  const stream = await storage.get(key);
  if (!stream) return undefined;
  try {
    return Buffer.concat(await stream.toArray());
  } catch (error) {
    throw new StorageUnavailableError(READ_FAILED, { cause: error });
  }
}

/**
 * Files in one folder. A put writes a hidden temporary file beside the target and renames it into
 * place, so the target name only ever holds a complete file.
 */
export function diskStorage(dir: string): FileStorage {
  // Uploads that nobody has claimed yet are private: the owner's alone, like all of DATA_DIR (R362).
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const fileOf = (key: string) => {
    checkKey(key);
    return path.join(dir, key);
  };
  return {
    location: dir,
    async put(key, body) {
      const file = fileOf(key);
      const temp = path.join(dir, `.partial-${key}-${randomBytes(4).toString('hex')}`);
      try {
        await fs.promises.writeFile(temp, body, { flag: 'wx', mode: 0o600 });
        await fs.promises.rename(temp, file);
      } catch (error) {
        // Best effort: when the folder itself is broken, removing the temporary file fails too.
        await fs.promises.rm(temp, { force: true }).catch(() => {});
        throw new StorageUnavailableError(WRITE_FAILED, { cause: error });
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        // Opened now, so a missing file is a 404 before any header is sent, not a broken stream.
        const handle = await fs.promises.open(file, 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw new StorageUnavailableError(READ_FAILED, { cause: error });
      }
    },
    async remove(key) {
      const file = fileOf(key);
      try {
        await fs.promises.rm(file, { force: true });
      } catch (error) {
        throw new StorageUnavailableError(WRITE_FAILED, { cause: error });
      }
    },
    async close() {},
  };
}

interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, Garage, R2…); unset → AWS. */
  endpoint?: string;
  /** Both or neither; neither → the SDK's default credential chain (environment, profile, role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted services). */
  forcePathStyle?: boolean;
  /** Prepended to every key, e.g. `uploads/`. */
  prefix?: string;
  /**
   * Send and check checksums only when an operation requires them. The SDK's default (a CRC32 on every
   * request and response) is refused by some S3-compatible services, so this is on whenever an
   * endpoint is set, and off for AWS itself.
   */
  checksumsWhenRequired?: boolean;
}

/** Bounds for a store that is down or silent: the request fails (503) instead of hanging. */
const S3_CONNECT_TIMEOUT_MS = 3000;
const S3_REQUEST_TIMEOUT_MS = 10_000;

/** Objects in a bucket through the official AWS SDK. A PUT is atomic in S3: no partial object exists. */
export function s3Storage(options: S3StorageOptions): FileStorage {
  const prefix = options.prefix ?? '';
  const whenRequired = options.checksumsWhenRequired ?? options.endpoint !== undefined;
  const config: S3ClientConfig = {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    requestHandler: {
      connectionTimeout: S3_CONNECT_TIMEOUT_MS,
      requestTimeout: S3_REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
      socketTimeout: S3_REQUEST_TIMEOUT_MS,
    },
    ...(whenRequired
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  };
  if (options.accessKeyId && options.secretAccessKey) {
    config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
  }
  // The SDK (hundreds of modules, ~150 ms and 60 MB to load) is loaded only when a bucket is used, on
  // the first request to it: a server on local disk never pays for it.
  let loaded: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const sdk = () => {
    loaded ??= import('@aws-sdk/client-s3').then((module) => ({
      sdk: module,
      client: new module.S3Client(config),
    }));
    return loaded;
  };
  const object = (key: string) => {
    checkKey(key);
    return { Bucket: options.bucket, Key: `${prefix}${key}` };
  };

  return {
    location: `s3://${options.bucket}/${prefix}`,
    async put(key, body, contentType) {
      const target = object(key);
      try {
        const { sdk: s3, client } = await sdk();
        await client.send(
          new s3.PutObjectCommand({
            ...target,
            Body: body,
            ContentType: contentType,
            ContentLength: body.length,
          }),
        );
      } catch (error) {
        throw new StorageUnavailableError(WRITE_FAILED, { cause: error });
      }
    },
    async get(key) {
      const target = object(key);
      try {
        const { sdk: s3, client } = await sdk();
        const answer = await client.send(new s3.GetObjectCommand(target));
        return answer.Body as Readable;
      } catch (error) {
        // A missing bucket is a 404 too, but it is a misconfigured store, not a missing file.
        const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NoSuchKey' || (e.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket'))
          return undefined;
        throw new StorageUnavailableError(READ_FAILED, { cause: error });
      }
    },
    async remove(key) {
      const target = object(key);
      try {
        const { sdk: s3, client } = await sdk();
        await client.send(new s3.DeleteObjectCommand(target));
      } catch (error) {
        throw new StorageUnavailableError(WRITE_FAILED, { cause: error });
      }
    },
    async close() {
      if (loaded) (await loaded).client.destroy();
    },
  };
}

/** Uploads go to the bucket when S3_BUCKET is set, else to DATA_DIR/uploads. */
export function storageFor(config: Config): FileStorage {
  if (!config.S3_BUCKET) return diskStorage(path.join(config.dataDir, 'uploads'));
  return s3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  });
}
