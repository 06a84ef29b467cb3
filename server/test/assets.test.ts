import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets } from '../db/schema.ts';
import { createTestApp, createUser, login, type TestContext } from './helpers.ts';
import { startS3Server } from './s3-server.ts';

const SIGNED_ID = /^\d+--[A-Za-z0-9_-]{32}$/;

/** One place files are kept, seen from outside the app (docs/decisions/012-object-storage.md). */
interface Store {
  /** Variables that point the app at it. */
  env: Record<string, string>;
  /** Everything stored: every file in the uploads folder, hidden partial files included, or every object. */
  list(dataDir: string): Promise<string[]>;
  /** The stored bytes of an asset's file, or undefined. */
  bytes(dataDir: string, key: string): Promise<Buffer | undefined>;
  /** Deletes an asset's file behind the app's back. */
  remove(dataDir: string, key: string): Promise<void>;
  /** Whether files land in DATA_DIR/uploads. */
  usesDataDir: boolean;
  /** Makes the store fail from now on (a folder that is no longer one; a server that stopped). */
  fail(dataDir: string): Promise<void>;
  close(): Promise<void>;
}

const PREFIX = 'uploads/';
const backends: { name: string; start(): Promise<Store> }[] = [
  {
    name: 'disk (DATA_DIR/uploads)',
    start: async () => {
      const file = (dataDir: string, key: string) => path.join(dataDir, 'uploads', key);
      return {
        env: {},
        usesDataDir: true,
        list: async (dataDir) => fs.readdirSync(path.join(dataDir, 'uploads')).sort(),
        bytes: async (dataDir, key) =>
          fs.existsSync(file(dataDir, key)) ? fs.readFileSync(file(dataDir, key)) : undefined,
        remove: async (dataDir, key) => fs.rmSync(file(dataDir, key)),
        fail: async (dataDir) => {
          fs.rmSync(path.join(dataDir, 'uploads'), { recursive: true });
          fs.writeFileSync(path.join(dataDir, 'uploads'), 'not a folder');
        },
        close: async () => {},
      };
    },
  },
  {
    name: 'S3 (s3rver)',
    start: async () => {
      const s3 = await startS3Server();
      return {
        env: s3.env(PREFIX),
        usesDataDir: false,
        list: () => s3.keys(),
        bytes: (_dataDir, key) => s3.bytes(`${PREFIX}${key}`),
        remove: (_dataDir, key) => s3.remove(`${PREFIX}${key}`),
        fail: () => s3.close(),
        close: () => s3.close(),
      };
    },
  },
];

describe.each(backends)('uploads stored on $name', (backend) => {
  let store: Store;
  let ctx: TestContext;
  let redPng: Buffer;

  beforeAll(async () => {
    store = await backend.start();
    ctx = await createTestApp(store.env);
    redPng = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await ctx.close();
    await store.close();
  });

  /** Everything stored so far. */
  const uploadedFiles = () => store.list(ctx.dataDir);
  const storedBytes = (key: string) => store.bytes(ctx.dataDir, key);

  async function signedIn(app: TestContext = ctx) {
    const user = await createUser(app);
    return { ...user, cookie: await login(app, user.email) };
  }

  interface Created {
    signed_id: string;
    direct_upload: { url: string; headers: Record<string, string> };
  }

  const createAsset = (blob: Record<string, unknown>, cookie?: string, app: TestContext = ctx) =>
    app.app.inject({
      method: 'POST',
      url: '/api/assets',
      headers: cookie ? { cookie } : {},
      payload: { blob },
    });

  async function created(filename: string, byteSize: number, cookie: string): Promise<Created> {
    const response = await createAsset(
      { filename, content_type: 'whatever/else', byte_size: byteSize },
      cookie,
    );
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  const put = (asset: Created, body: Buffer, cookie?: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: asset.direct_upload.url,
      headers: { ...asset.direct_upload.headers, ...(cookie ? { cookie } : {}) },
      payload: body,
    });

  const setPicture = (user: { id: number; cookie: string }, picture: string | null) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: { cookie: user.cookie },
      payload: { picture },
    });

  /** Creates, uploads and claims a picture, answering the updated user. */
  async function uploadPicture(user: { id: number; cookie: string }, filename: string, bytes: Buffer) {
    const asset = await created(filename, bytes.length, user.cookie);
    expect((await put(asset, bytes, user.cookie)).statusCode).toBe(204);
    const response = await setPicture(user, asset.signed_id);
    expect(response.statusCode).toBe(200);
    return { asset, user: response.json() as { picture: string; pictureUrl: string } };
  }

  const rowOf = async (signedId: string) =>
    (
      await ctx.database.db
        .select()
        .from(assets)
        .where(eq(assets.id, Number(signedId.split('--')[0])))
    )[0]!;

  describe('POST /api/assets', () => {
    it('answers 401 to anonymous requests', async () => {
      const response = await createAsset({ filename: 'me.png', content_type: 'image/png', byte_size: 10 });
      expect(response.statusCode).toBe(401);
    });

    it('answers a signed id and a direct-upload URL with headers', async () => {
      const user = await signedIn();
      const response = await createAsset(
        { filename: 'me.png', content_type: 'image/png', byte_size: redPng.length },
        user.cookie,
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        signed_id: expect.stringMatching(SIGNED_ID),
        direct_upload: { url: `/api/uploads/${body.signed_id}`, headers: { 'Content-Type': 'image/png' } },
      });
    });

    it('takes the content type from the extension table, not from what the client claims', async () => {
      const user = await signedIn();
      const asset = await created('Report.PDF', 100, user.cookie);
      expect(asset.direct_upload.headers['Content-Type']).toBe('application/pdf');
      expect((await rowOf(asset.signed_id)).contentType).toBe('application/pdf');
    });

    it('refuses a file type outside the table with "File type must be …" and stores nothing', async () => {
      const user = await signedIn();
      const before = await ctx.database.db.select().from(assets);
      for (const filename of ['x.exe', 'picture.svg', 'no-extension']) {
        const response = await createAsset({ filename, byte_size: 10 }, user.cookie);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({
          status: 422,
          errors: [
            {
              path: 'blob.filename',
              message: expect.stringMatching(/^File type must be avi, gif, /),
              code: 'file_type',
              params: { types: expect.arrayContaining(['avi', 'gif', 'png']) },
            },
          ],
        });
      }
      expect(await ctx.database.db.select().from(assets)).toHaveLength(before.length);
    });

    it('refuses names that only an inherited property would match (x.__proto__, x.constructor)', async () => {
      const user = await signedIn();
      const before = await ctx.database.db.select().from(assets);
      for (const filename of ['x.__proto__', 'x.constructor', 'x.toString', 'x.hasOwnProperty']) {
        const response = await createAsset(
          { filename, content_type: filename.slice(2), byte_size: 10 },
          user.cookie,
        );
        expect(response.statusCode, filename).toBe(422);
        expect(response.json().errors).toEqual([
          {
            path: 'blob.filename',
            message: expect.stringMatching(/^File type must be /),
            code: 'file_type',
            params: { types: expect.any(Array) },
          },
        ]);
      }
      // A declared content type is never looked up: the extension alone decides.
      const declared = await createAsset(
        { filename: 'me.png', content_type: '__proto__', byte_size: 10 },
        user.cookie,
      );
      expect(declared.statusCode).toBe(200);
      expect(declared.json().direct_upload.headers).toEqual({ 'Content-Type': 'image/png' });
      expect(await ctx.database.db.select().from(assets)).toHaveLength(before.length + 1);
    });

    it('refuses a declared size over UPLOAD_MAX_BYTES, and an empty file', async () => {
      const user = await signedIn();
      const max = ctx.config.UPLOAD_MAX_BYTES;
      const big = await createAsset({ filename: 'big.png', byte_size: max + 1 }, user.cookie);
      expect(big.statusCode).toBe(422);
      expect(big.json()).toEqual({
        status: 422,
        errors: [
          {
            path: 'blob.byte_size',
            message: `File is larger than ${max} bytes`,
            code: 'file_too_large',
            params: { bytes: max },
          },
        ],
      });
      const empty = await createAsset({ filename: 'empty.png', byte_size: 0 }, user.cookie);
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors[0].path).toBe('blob.byte_size');
      const exact = await createAsset({ filename: 'exact.png', byte_size: max }, user.cookie);
      expect(exact.statusCode).toBe(200);
    });
  });

  describe('PUT the direct-upload URL', () => {
    it('stores exactly the declared bytes and answers 204', async () => {
      const user = await signedIn();
      const asset = await created('me.png', redPng.length, user.cookie);
      const response = await put(asset, redPng, user.cookie);
      expect(response.statusCode).toBe(204);
      const row = await rowOf(asset.signed_id);
      expect(row.uploadedAt).toBeInstanceOf(Date);
      expect(await storedBytes(row.key)).toEqual(redPng);
      expect(fs.existsSync(path.join(ctx.dataDir, 'uploads'))).toBe(store.usesDataDir);
    });

    it('answers 401 to anonymous uploads', async () => {
      const user = await signedIn();
      const asset = await created('me.png', redPng.length, user.cookie);
      expect((await put(asset, redPng)).statusCode).toBe(401);
      expect((await rowOf(asset.signed_id)).uploadedAt).toBeNull();
    });

    it('refuses fewer bytes than declared with 422, keeps no file, and lets the upload be retried', async () => {
      const user = await signedIn();
      const asset = await created('me.png', redPng.length, user.cookie);
      const before = await uploadedFiles();
      const short = await put(asset, redPng.subarray(0, redPng.length - 10), user.cookie);
      expect(short.statusCode).toBe(422);
      expect(short.json()).toEqual({
        status: 422,
        errors: [
          {
            path: 'file',
            message: `File is smaller than ${redPng.length} bytes`,
            code: 'file_too_small',
            params: { bytes: redPng.length },
          },
        ],
      });
      expect(await uploadedFiles()).toEqual(before);
      expect((await rowOf(asset.signed_id)).uploadedAt).toBeNull();
      expect((await put(asset, redPng, user.cookie)).statusCode).toBe(204);
    });

    it('refuses more bytes than declared with 413 and keeps no partial file', async () => {
      const user = await signedIn();
      const asset = await created('me.png', redPng.length, user.cookie);
      const before = await uploadedFiles();
      const long = await put(asset, Buffer.concat([redPng, Buffer.alloc(70_000, 1)]), user.cookie);
      expect(long.statusCode).toBe(413);
      expect(long.json()).toMatchObject({
        status: 413,
        message: `File is larger than ${redPng.length} bytes`,
      });
      expect(await uploadedFiles()).toEqual(before);
      expect((await uploadedFiles()).filter((f) => f.includes('.partial'))).toEqual([]);
      expect((await rowOf(asset.signed_id)).uploadedAt).toBeNull();
    });

    it('refuses a .png whose bytes are not an image with 422 and keeps nothing', async () => {
      const user = await signedIn();
      const bytes = Buffer.from('MZ this is really a program, not a picture at all'.repeat(4));
      const asset = await created('me.png', bytes.length, user.cookie);
      const before = await uploadedFiles();
      const response = await put(asset, bytes, user.cookie);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: 422,
        errors: [{ path: 'file', message: 'is not a valid image', code: 'invalid_image' }],
      });
      expect(await uploadedFiles()).toEqual(before);
    });

    it('takes a picture by its bytes: PNG, JPEG and GIF only, stored as the type the bytes are', async () => {
      const user = await signedIn();
      const image = () => sharp({ create: { width: 20, height: 10, channels: 3, background: '#08f' } });
      const accepted: [string, Buffer, string][] = [
        ['a.png', await image().png().toBuffer(), 'image/png'],
        ['b.jpg', await image().jpeg().toBuffer(), 'image/jpeg'],
        ['c.gif', await image().gif().toBuffer(), 'image/gif'],
        // Named .jpg but a PNG: kept, and served as what it is.
        ['d.jpg', await image().png().toBuffer(), 'image/png'],
      ];
      for (const [filename, bytes, type] of accepted) {
        const asset = await created(filename, bytes.length, user.cookie);
        expect((await put(asset, bytes, user.cookie)).statusCode, filename).toBe(204);
        const row = await rowOf(asset.signed_id);
        expect(row.contentType, filename).toBe(type);
        const served = await ctx.app.inject({ method: 'GET', url: `/uploads/${row.key}` });
        expect(served.headers['content-type'], filename).toBe(type);
      }
    });

    it('refuses other formats libvips reads (WebP, TIFF, AVIF, SVG) named as a picture, and keeps nothing', async () => {
      const user = await signedIn();
      const image = () => sharp({ create: { width: 20, height: 10, channels: 3, background: '#08f' } });
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10"/></svg>',
      );
      const refused: [string, Buffer][] = [
        ['webp.png', await image().webp().toBuffer()],
        ['tiff.png', await image().tiff().toBuffer()],
        ['avif.jpg', await image().avif().toBuffer()],
        ['svg.gif', svg],
        // A PNG signature in front of something else is not a PNG either.
        [
          'tiff-behind-png-signature.png',
          Buffer.concat([redPng.subarray(0, 8), await image().tiff().toBuffer()]),
        ],
      ];
      for (const [filename, bytes] of refused) {
        // Each is something sharp would happily decode; that is not enough.
        if (filename !== 'tiff-behind-png-signature.png')
          expect((await sharp(bytes).metadata()).width).toBe(20);
        const asset = await created(filename, bytes.length, user.cookie);
        const before = await uploadedFiles();
        const response = await put(asset, bytes, user.cookie);
        expect(response.statusCode, filename).toBe(422);
        expect(response.json()).toEqual({
          status: 422,
          errors: [{ path: 'file', message: 'is not a valid image', code: 'invalid_image' }],
        });
        expect(await uploadedFiles()).toEqual(before);
        expect((await rowOf(asset.signed_id)).uploadedAt).toBeNull();
      }
    });

    it('answers 409 to a second upload of the same asset and keeps the first file', async () => {
      const user = await signedIn();
      const asset = await created('me.png', redPng.length, user.cookie);
      expect((await put(asset, redPng, user.cookie)).statusCode).toBe(204);
      const other = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0c0' } })
        .png()
        .toBuffer();
      const again = await put(asset, other.subarray(0, redPng.length), user.cookie);
      expect(again.statusCode).toBe(409);
      const row = await rowOf(asset.signed_id);
      expect(await storedBytes(row.key)).toEqual(redPng);
    });

    it("refuses a forged signed id and another user's upload URL", async () => {
      const owner = await signedIn();
      const stranger = await signedIn();
      const asset = await created('me.png', redPng.length, owner.cookie);
      const last = asset.signed_id.at(-1) === 'A' ? 'B' : 'A';
      const forged = { ...asset, direct_upload: { ...asset.direct_upload } };
      forged.direct_upload.url = `/api/uploads/${asset.signed_id.slice(0, -1)}${last}`;
      expect((await put(forged, redPng, owner.cookie)).statusCode).toBe(404);
      expect((await put(asset, redPng, stranger.cookie)).statusCode).toBe(404);
      expect((await rowOf(asset.signed_id)).uploadedAt).toBeNull();
      // The owner still can.
      expect((await put(asset, redPng, owner.cookie)).statusCode).toBe(204);
    });
  });

  describe('picture on the account', () => {
    it('sets pictureUrl from the signed id; the picture is served as a readable image', async () => {
      const user = await signedIn();
      const { asset, user: updated } = await uploadPicture(user, 'me.png', redPng);
      expect(updated.picture).toBe(asset.signed_id);
      expect(updated.pictureUrl).toMatch(/^\/uploads\/[A-Za-z0-9_-]{32}$/);

      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { cookie: user.cookie },
      });
      expect(me.json().pictureUrl).toBe(updated.pictureUrl);

      const image = await ctx.app.inject({ method: 'GET', url: updated.pictureUrl });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['content-disposition']).toMatch(/^inline;/);
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 40, height: 30 });
    });

    it('strips metadata and bounds a large picture to 1024 px, keeping its proportions', async () => {
      const user = await signedIn();
      const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#36c' } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'Secret Camera Owner', ImageDescription: 'Home address' } })
        .toBuffer();
      expect((await sharp(photo).metadata()).exif).toBeDefined();

      const { user: updated } = await uploadPicture(user, 'holiday.JPG', photo);
      const image = await ctx.app.inject({ method: 'GET', url: updated.pictureUrl });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBe(1024);
      expect(meta.height).toBe(768);
      expect(meta.exif).toBeUndefined();
      expect(image.rawPayload.includes(Buffer.from('Secret Camera Owner'))).toBe(false);
    });

    it('keeps the picture untouched when the account form sends the same picture again', async () => {
      const user = await signedIn();
      // Noise, so that encoding it again would really change the bytes.
      const photo = await sharp({
        create: {
          width: 300,
          height: 200,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .jpeg({ quality: 95 })
        .toBuffer();
      const { asset, user: first } = await uploadPicture(user, 'me.jpg', photo);
      const stored = (await ctx.app.inject({ method: 'GET', url: first.pictureUrl })).rawPayload;
      const again = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        headers: { cookie: user.cookie },
        payload: { ...first, firstName: 'Renamed', picture: asset.signed_id },
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ firstName: 'Renamed', pictureUrl: first.pictureUrl });
      const after = (await ctx.app.inject({ method: 'GET', url: first.pictureUrl })).rawPayload;
      expect(after.equals(stored)).toBe(true);
    });

    it('removes the picture when picture is null', async () => {
      const user = await signedIn();
      await uploadPicture(user, 'me.png', redPng);
      const response = await setPicture(user, null);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ picture: null, pictureUrl: null });
    });

    it('a replaced picture is deleted: its old address is 404 and its file is gone from the store', async () => {
      const user = await signedIn();
      const first = await uploadPicture(user, 'first.png', redPng);
      const oldKey = (await rowOf(first.asset.signed_id)).key;
      expect((await ctx.app.inject({ method: 'GET', url: first.user.pictureUrl })).statusCode).toBe(200);
      expect(await uploadedFiles()).toContain(store.usesDataDir ? oldKey : `${PREFIX}${oldKey}`);

      const green = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#0c0' } })
        .png()
        .toBuffer();
      const second = await uploadPicture(user, 'second.png', green);
      expect(second.user.pictureUrl).not.toBe(first.user.pictureUrl);
      const old = await ctx.app.inject({ method: 'GET', url: first.user.pictureUrl });
      expect(old.statusCode).toBe(404);
      expect(old.json()).toEqual({ status: 404, message: 'Not found' });
      expect(await storedBytes(oldKey)).toBeUndefined();
      expect((await uploadedFiles()).join()).not.toContain(oldKey);
      // No row answers to the old key, and the old signed id is no one's upload any more.
      expect(await ctx.database.db.select().from(assets).where(eq(assets.key, oldKey))).toEqual([]);
      const reclaim = await setPicture(user, first.asset.signed_id);
      expect(reclaim.statusCode).toBe(422);
      expect(reclaim.json().errors).toEqual([
        { path: 'picture', message: 'is not a known upload', code: 'unknown_upload' },
      ]);
      // The new one is served.
      expect((await ctx.app.inject({ method: 'GET', url: second.user.pictureUrl })).statusCode).toBe(200);
    });

    it('a removed picture is deleted too, and a row older than the hour goes entirely', async () => {
      const user = await signedIn();
      const { asset, user: withPicture } = await uploadPicture(user, 'me.png', redPng);
      const row = await rowOf(asset.signed_id);
      await ctx.database.db
        .update(assets)
        .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
        .where(eq(assets.id, row.id));
      expect((await setPicture(user, null)).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: withPicture.pictureUrl })).statusCode).toBe(404);
      expect(await storedBytes(row.key)).toBeUndefined();
      expect(await ctx.database.db.select().from(assets).where(eq(assets.id, row.id))).toEqual([]);
    });

    it('refuses a forged signed id (one character changed) with 422 on picture', async () => {
      const user = await signedIn();
      const asset = await created('me.png', redPng.length, user.cookie);
      expect((await put(asset, redPng, user.cookie)).statusCode).toBe(204);
      const chars = [...asset.signed_id];
      chars[chars.length - 5] = chars[chars.length - 5] === 'x' ? 'y' : 'x';
      for (const picture of [
        chars.join(''),
        'not-a-signed-id',
        `${Number(asset.signed_id.split('--')[0]) + 1}--${asset.signed_id.split('--')[1]}`,
      ]) {
        const response = await setPicture(user, picture);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({
          status: 422,
          errors: [{ path: 'picture', message: 'is not a known upload', code: 'unknown_upload' }],
        });
      }
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { cookie: user.cookie },
      });
      expect(me.json().pictureUrl).toBeNull();
    });

    it("refuses another user's signed id", async () => {
      const owner = await signedIn();
      const thief = await signedIn();
      const { asset } = await uploadPicture(owner, 'me.png', redPng);
      const response = await setPicture(thief, asset.signed_id);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[0].path).toBe('picture');
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { cookie: thief.cookie },
      });
      expect(me.json().pictureUrl).toBeNull();
    });

    it('refuses a signed id whose file has not been uploaded yet', async () => {
      const user = await signedIn();
      const asset = await created('me.png', redPng.length, user.cookie);
      const response = await setPicture(user, asset.signed_id);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: 422,
        errors: [{ path: 'picture', message: 'has not been uploaded yet', code: 'not_uploaded' }],
      });
    });

    it('refuses a non-image upload as a picture, and serves such files as attachments', async () => {
      const user = await signedIn();
      const pdf = Buffer.from('%PDF-1.4\n% a tiny document\n%%EOF\n');
      const asset = await created('menu.pdf', pdf.length, user.cookie);
      expect((await put(asset, pdf, user.cookie)).statusCode).toBe(204);
      const response = await setPicture(user, asset.signed_id);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: 422,
        errors: [
          {
            path: 'picture',
            message: 'File type must be gif, jpeg, jpg, png',
            code: 'file_type',
            params: { types: ['gif', 'jpeg', 'jpg', 'png'] },
          },
        ],
      });
      const file = await ctx.app.inject({
        method: 'GET',
        url: `/uploads/${(await rowOf(asset.signed_id)).key}`,
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''menu\.pdf$/);
      expect(file.rawPayload).toEqual(pdf);
    });
  });

  describe('GET /uploads/{key}', () => {
    it('never serves anything outside the uploads folder', async () => {
      // A file right beside the uploads folder that a traversal would reach.
      fs.writeFileSync(path.join(ctx.dataDir, 'secret.txt'), 'root:x:0:0 top secret');
      for (const url of [
        '/uploads/..%2f..%2fetc%2fpasswd',
        '/uploads/..%2fsecret.txt',
        '/uploads/%2e%2e%2fsecret.txt',
        '/uploads/..%5csecret.txt',
        '/uploads/secret.txt',
        '/uploads/not-a-key',
        `/uploads/${'a'.repeat(32)}`,
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({ status: 404, message: 'Not found' });
        expect(response.body).not.toContain('root:');
      }
      const raw = await ctx.app.inject({ method: 'GET', url: '/uploads/../secret.txt' });
      expect(raw.statusCode).not.toBe(200);
      expect(raw.body).not.toContain('top secret');
    });

    it('answers 404 when the stored file has gone from the store', async () => {
      const user = await signedIn();
      const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
      const asset = await created('gone.pdf', pdf.length, user.cookie);
      expect((await put(asset, pdf, user.cookie)).statusCode).toBe(204);
      const { key } = await rowOf(asset.signed_id);
      expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(200);
      await store.remove(ctx.dataDir, key);
      const response = await ctx.app.inject({ method: 'GET', url: `/uploads/${key}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 404, message: 'Not found' });
    });

    it('answers 404 for an asset created but never uploaded', async () => {
      const user = await signedIn();
      const asset = await created('me.png', redPng.length, user.cookie);
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/uploads/${(await rowOf(asset.signed_id)).key}`,
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('UPLOADS_PER_HOUR', () => {
    let limited: TestContext;
    beforeAll(async () => {
      limited = await createTestApp({ ...store.env, UPLOADS_PER_HOUR: '2' });
    });
    afterAll(() => limited.close());

    it('answers 429 once a user has started that many uploads in the hour; other users are not affected', async () => {
      const user = await signedIn(limited);
      const blob = { filename: 'me.png', byte_size: 100 };
      expect((await createAsset(blob, user.cookie, limited)).statusCode).toBe(200);
      expect((await createAsset(blob, user.cookie, limited)).statusCode).toBe(200);
      const third = await createAsset(blob, user.cookie, limited);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ status: 429, message: 'Too many uploads. Please try again later.' });
      const other = await signedIn(limited);
      expect((await createAsset(blob, other.cookie, limited)).statusCode).toBe(200);
    });
  });

  describe('UPLOADS_PER_HOUR under concurrency and replacement', () => {
    const PER_HOUR = 3;
    let limited: TestContext;
    beforeAll(async () => {
      limited = await createTestApp({ ...store.env, UPLOADS_PER_HOUR: String(PER_HOUR) });
    });
    afterAll(() => limited.close());

    it('lets exactly UPLOADS_PER_HOUR of many parallel requests through', async () => {
      const user = await signedIn(limited);
      const answers = await Promise.all(
        Array.from({ length: PER_HOUR + 5 }, () =>
          createAsset({ filename: 'me.png', byte_size: 100 }, user.cookie, limited),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([...Array(PER_HOUR).fill(200), ...Array(5).fill(429)]);
      const rows = await limited.database.db.select().from(assets).where(eq(assets.createdBy, user.id));
      expect(rows).toHaveLength(PER_HOUR);
    });

    it('a replaced picture still counts towards the hour', async () => {
      const user = await signedIn(limited);
      for (let i = 0; i < PER_HOUR; i++) {
        const response = await createAsset(
          { filename: 'me.png', byte_size: redPng.length },
          user.cookie,
          limited,
        );
        expect(response.statusCode).toBe(200);
        const asset = response.json() as Created;
        const upload = await limited.app.inject({
          method: 'PUT',
          url: asset.direct_upload.url,
          headers: { ...asset.direct_upload.headers, cookie: user.cookie },
          payload: redPng,
        });
        expect(upload.statusCode).toBe(204);
        const picture = await limited.app.inject({
          method: 'PATCH',
          url: `/api/users/${user.id}`,
          headers: { cookie: user.cookie },
          payload: { picture: asset.signed_id },
        });
        expect(picture.statusCode).toBe(200);
      }
      const more = await createAsset({ filename: 'me.png', byte_size: 100 }, user.cookie, limited);
      expect(more.statusCode).toBe(429);
    });
  });

  describe('uploads no record uses (R363, R364)', () => {
    let roomy: TestContext;
    beforeAll(async () => {
      roomy = await createTestApp({ ...store.env, UPLOADS_PER_HOUR: '100' });
    });
    afterAll(() => roomy.close());

    it('caps what one user holds unused at 20 files: 422 too_many_unclaimed; a claimed picture no longer counts', async () => {
      const user = await signedIn(roomy);
      const first = await createAsset({ filename: 'me.png', byte_size: redPng.length }, user.cookie, roomy);
      expect(first.statusCode).toBe(200);
      for (let i = 1; i < 20; i++) {
        const response = await createAsset({ filename: 'a.pdf', byte_size: 100 }, user.cookie, roomy);
        expect(response.statusCode, `upload ${i + 1}`).toBe(200);
      }
      const refused = await createAsset({ filename: 'a.pdf', byte_size: 100 }, user.cookie, roomy);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual([
        expect.objectContaining({ path: 'blob', code: 'too_many_unclaimed', params: { files: 20, mb: 50 } }),
      ]);
      // Another user is not affected.
      const other = await signedIn(roomy);
      expect((await createAsset({ filename: 'a.pdf', byte_size: 100 }, other.cookie, roomy)).statusCode).toBe(
        200,
      );
      // Using one (as the account picture) makes room for one more.
      const asset = first.json() as Created;
      const upload = await roomy.app.inject({
        method: 'PUT',
        url: asset.direct_upload.url,
        headers: { ...asset.direct_upload.headers, cookie: user.cookie },
        payload: redPng,
      });
      expect(upload.statusCode).toBe(204);
      const picture = await roomy.app.inject({
        method: 'PATCH',
        url: `/api/users/${user.id}`,
        headers: { cookie: user.cookie },
        payload: { picture: asset.signed_id },
      });
      expect(picture.statusCode).toBe(200);
      expect((await createAsset({ filename: 'a.pdf', byte_size: 100 }, user.cookie, roomy)).statusCode).toBe(
        200,
      );
      expect((await createAsset({ filename: 'a.pdf', byte_size: 100 }, user.cookie, roomy)).statusCode).toBe(
        422,
      );
    });

    it('caps the unused bytes at 50 MB', async () => {
      const user = await signedIn(roomy);
      const big = 5 * 1024 * 1024;
      const answers: number[] = [];
      for (let i = 0; i < 11; i++)
        answers.push(
          (await createAsset({ filename: 'a.pdf', byte_size: big }, user.cookie, roomy)).statusCode,
        );
      expect(answers).toEqual([...Array(10).fill(200), 422]);
    });

    it('deletes uploads older than a day that no record uses, file and row; recent and used ones stay', async () => {
      const user = await signedIn();
      const upload = async (filename: string, bytes: Buffer) => {
        const asset = await created(filename, bytes.length, user.cookie);
        expect((await put(asset, bytes, user.cookie)).statusCode).toBe(204);
        return { asset, key: (await rowOf(asset.signed_id)).key };
      };
      const old = await upload('old.pdf', Buffer.from('%PDF-1.4 old'));
      const recent = await upload('recent.pdf', Buffer.from('%PDF-1.4 recent'));
      const { asset: used } = await uploadPicture(user, 'me.png', redPng);
      const usedKey = (await rowOf(used.signed_id)).key;
      const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
      for (const signedId of [old.asset.signed_id, used.signed_id])
        await ctx.database.db
          .update(assets)
          .set({ createdAt: twoDaysAgo })
          .where(eq(assets.id, Number(signedId.split('--')[0])));
      expect(await storedBytes(old.key)).toBeDefined();

      // Two sweeps at once (as from two processes): the file goes once, and both finish.
      const removed = await Promise.all([ctx.app.sweepUploads(), ctx.app.sweepUploads()]);
      expect(Math.max(...removed)).toBeGreaterThanOrEqual(1);
      expect(await storedBytes(old.key)).toBeUndefined();
      expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${old.key}` })).statusCode).toBe(404);
      const rows = await ctx.database.db.select().from(assets).where(eq(assets.createdBy, user.id));
      expect(rows.map((row) => row.key).sort()).toEqual([recent.key, usedKey].sort());
      expect(await storedBytes(recent.key)).toBeDefined();
      expect(await storedBytes(usedKey)).toBeDefined();
      expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${usedKey}` })).statusCode).toBe(200);
      // Its signed id is now unknown: it can be neither uploaded to nor claimed.
      expect((await setPicture(user, old.asset.signed_id)).statusCode).toBe(422);
    });
  });

  describe('when the store fails', () => {
    let failing: Store;
    let app: TestContext;
    const log: string[] = [];
    beforeAll(async () => {
      failing = await backend.start();
      app = await createTestApp(
        { ...failing.env, LOG_LEVEL: 'error' },
        { logStream: { write: (line) => log.push(line) } },
      );
    });
    afterAll(async () => {
      await app.close();
      await failing.close();
    });

    it('answers 503 with Retry-After to reads, uploads and pictures, logs the cause, and stores nothing', async () => {
      const user = await signedIn(app);
      const newAsset = async () => {
        const response = await createAsset(
          { filename: 'me.png', byte_size: redPng.length },
          user.cookie,
          app,
        );
        return response.json() as Created;
      };
      const upload = (asset: Created) =>
        app.app.inject({
          method: 'PUT',
          url: asset.direct_upload.url,
          headers: { ...asset.direct_upload.headers, cookie: user.cookie },
          payload: redPng,
        });
      const uploaded = await newAsset();
      expect((await upload(uploaded)).statusCode).toBe(204);
      const [row] = await app.database.db
        .select()
        .from(assets)
        .where(eq(assets.id, Number(uploaded.signed_id.split('--')[0])));
      const url = `/uploads/${row!.key}`;
      expect((await app.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      const notYet = await newAsset();

      await failing.fail(app.dataDir);

      const read = await app.app.inject({ method: 'GET', url });
      expect(read.statusCode).toBe(503);
      expect(read.headers['retry-after']).toBe('5');
      expect(read.json()).toEqual({
        status: 503,
        message: 'The file is temporarily unavailable. Please try again in a moment.',
      });

      const write = await upload(notYet);
      expect(write.statusCode).toBe(503);
      expect(write.json()).toEqual({
        status: 503,
        message: 'The file could not be stored right now. Please try again in a moment.',
      });
      const [notStored] = await app.database.db
        .select()
        .from(assets)
        .where(eq(assets.id, Number(notYet.signed_id.split('--')[0])));
      expect(notStored!.uploadedAt).toBeNull();

      const picture = await app.app.inject({
        method: 'PATCH',
        url: `/api/users/${user.id}`,
        headers: { cookie: user.cookie },
        payload: { picture: uploaded.signed_id },
      });
      expect(picture.statusCode).toBe(503);
      const me = await app.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { cookie: user.cookie },
      });
      expect(me.json().pictureUrl).toBeNull();

      const logged = log.filter((line) => line.includes('file storage unavailable'));
      expect(logged).toHaveLength(3);
      for (const line of logged) expect(JSON.parse(line).err).toMatchObject({ message: expect.any(String) });
    });
  });
});
