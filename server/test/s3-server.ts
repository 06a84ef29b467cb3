import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's built-in account; it checks the key id (a wrong one is refused), not the SigV4 signature. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The variables that point the app at this server's bucket. */
  env(prefix?: string): Record<string, string>;
  /** Every key in the bucket, sorted, read with a client of our own (not the code under test). */
  keys(): Promise<string[]>;
  /** An object's bytes, or undefined when it does not exist. */
  bytes(key: string): Promise<Buffer | undefined>;
  /** Deletes an object directly, behind the app's back. */
  remove(key: string): Promise<void>;
  /** Stops the server (later requests are refused) and deletes its folder; a second call does nothing. */
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on a random loopback port, with its own temporary folder and bucket. */
export async function startS3Server(bucket = 'meals-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  let closed = false;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  return {
    endpoint,
    bucket,
    env: (prefix?: string) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    }),
    async keys() {
      const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (answer.Contents ?? []).map((o) => o.Key!).sort();
    },
    async bytes(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async close() {
      if (closed) return;
      closed = true;
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
