import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { storageFor } from './file-storage.ts';

/** The problems loadConfig reports for `env`, or [] when it accepts it. */
function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
}
const named = (env: Record<string, string | undefined>) => problemsOf(env).map((p) => p.split(' ')[0]);

const BUCKET = { S3_BUCKET: 'meal-uploads' };

describe('S3_* configuration', () => {
  it('is off by default: files go to DATA_DIR/uploads', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-storage-config-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(config).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
      expect(config.S3_BUCKET).toBeUndefined();
      const storage = storageFor(config);
      expect(storage.location).toBe(path.join(dataDir, 'uploads'));
      await storage.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reads every variable, and S3_BUCKET switches to the bucket', async () => {
    const config = loadConfig({
      ...BUCKET,
      S3_REGION: 'eu-west-3',
      S3_ENDPOINT: 'https://s3.example.org:9000',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'uploads/',
    });
    expect(config).toMatchObject({
      S3_BUCKET: 'meal-uploads',
      S3_REGION: 'eu-west-3',
      S3_ENDPOINT: 'https://s3.example.org:9000',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: 'uploads/',
    });
    const storage = storageFor(config);
    expect(storage.location).toBe('s3://meal-uploads/uploads/');
    await storage.close();
    // Without keys the SDK's own credential chain is used: still valid.
    expect(problemsOf({ ...BUCKET })).toEqual([]);
  });

  it.each([
    ['an S3_ENDPOINT that is not a URL', { ...BUCKET, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    ['an S3_ENDPOINT without a scheme', { ...BUCKET, S3_ENDPOINT: '127.0.0.1:9000' }, 'S3_ENDPOINT'],
    [
      'an S3_ENDPOINT that is not http(s)',
      { ...BUCKET, S3_ENDPOINT: 'ftp://files.example.org' },
      'S3_ENDPOINT',
    ],
    ['a URL as S3_BUCKET', { S3_BUCKET: 's3://meal-uploads' }, 'S3_BUCKET'],
    ['a bucket name with a space', { S3_BUCKET: 'meal uploads' }, 'S3_BUCKET'],
    ['S3_ENDPOINT without S3_BUCKET', { S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    ['S3_PREFIX without S3_BUCKET', { S3_PREFIX: 'uploads/' }, 'S3_BUCKET'],
    ['a key id without its secret', { ...BUCKET, S3_ACCESS_KEY_ID: 'AKID' }, 'S3_SECRET_ACCESS_KEY'],
    ['a secret without its key id', { ...BUCKET, S3_SECRET_ACCESS_KEY: 'x' }, 'S3_ACCESS_KEY_ID'],
    [
      'S3_FORCE_PATH_STYLE that is not a boolean',
      { ...BUCKET, S3_FORCE_PATH_STYLE: 'maybe' },
      'S3_FORCE_PATH_STYLE',
    ],
    ['an S3_PREFIX starting with /', { ...BUCKET, S3_PREFIX: '/uploads/' }, 'S3_PREFIX'],
  ])('fails fast on %s, naming the variable', (_label, env, variable) => {
    expect(named(env)).toEqual([variable]);
  });

  it('says what is wrong in words', () => {
    expect(problemsOf({ ...BUCKET, S3_ENDPOINT: 'minio:9000' })).toEqual([
      'S3_ENDPOINT must be an http(s) URL such as http://127.0.0.1:9000',
    ]);
    expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([
      'S3_BUCKET is required when S3_ENDPOINT is set (uploads would otherwise stay on local disk)',
    ]);
  });

  it('accepts the values .env.example gives, unedited', () => {
    const example = fs.readFileSync(path.join(import.meta.dirname, '../../.env.example'), 'utf8');
    const env = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^S3_[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(Object.keys(env).sort()).toEqual([
      'S3_ACCESS_KEY_ID',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_FORCE_PATH_STYLE',
      'S3_PREFIX',
      'S3_REGION',
      'S3_SECRET_ACCESS_KEY',
    ]);
    expect(problemsOf(env)).toEqual([]);
    expect(loadConfig(env).S3_BUCKET).toBeUndefined();
  });
});
