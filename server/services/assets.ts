import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, count, eq, gt } from 'drizzle-orm';
import sharp from 'sharp';
import { contentTypeFor, extensionOf, IMAGE_EXTENSIONS } from '../../shared/schemas/assets.ts';
import { invalidField, type ValidationCode, type ValidationParams } from '../../shared/validation.ts';
import type { Db } from '../db/client.ts';
import { assets } from '../db/schema.ts';
import { HttpError, NotFoundError, ValidationError } from './errors.ts';
import { type FileStorage, readAll } from './file-storage.ts';

type AssetRow = typeof assets.$inferSelect;
export const ASSET_KEY = /^[A-Za-z0-9_-]{32}$/;
const PICTURE_MAX_PX = 1024;
/** A decompression bomb (a small file of enormous pixel size) is refused, not decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface AssetOptions {
  /** Where the files go: a folder on this machine or a bucket (docs/decisions/012-object-storage.md). */
  storage: FileStorage;
  secret: string;
  maxBytes: number;
  uploadsPerHour: number;
}

/** Direct uploads (DECISIONS.md 16): a signed id names the asset, the file is PUT to its URL, bytes are checked. */
export function createAssetService(db: Db, options: AssetOptions) {
  const { storage } = options;
  const sign = (id: number) =>
    createHmac('sha256', options.secret).update(`asset:${id}`).digest('base64url').slice(0, 32);

  function signedIdFor(id: number): string {
    return `${id}--${sign(id)}`;
  }

  /** The asset id in a signed id, or undefined when forged or malformed. */
  function verifySignedId(signedId: string): number | undefined {
    const match = /^(\d{1,10})--([A-Za-z0-9_-]{32})$/.exec(signedId);
    if (!match) return undefined;
    const id = Number(match[1]);
    const expected = Buffer.from(sign(id));
    const given = Buffer.from(match[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
  }

  async function findBySignedId(signedId: string): Promise<AssetRow | undefined> {
    const id = verifySignedId(signedId);
    if (id === undefined) return undefined;
    const [row] = await db.select().from(assets).where(eq(assets.id, id));
    return row;
  }

  async function create(userId: number, blob: { filename: string; byte_size: number }) {
    if (blob.byte_size > options.maxBytes) {
      throw new ValidationError([
        invalidField('blob.byte_size', 'file_too_large', { bytes: options.maxBytes }),
      ]);
    }
    const hourAgo = new Date(Date.now() - 3_600_000);
    const [recent] = await db
      .select({ n: count() })
      .from(assets)
      .where(and(eq(assets.createdBy, userId), gt(assets.createdAt, hourAgo)));
    if ((recent?.n ?? 0) >= options.uploadsPerHour)
      throw new HttpError(429, 'Too many uploads. Please try again later.');
    const [row] = await db
      .insert(assets)
      .values({
        key: randomBytes(24).toString('base64url'),
        // Only the last segment, whichever separator a browser used ('C:\\x\\a.png' from old browsers).
        filename: path.win32.basename(blob.filename).slice(0, 255),
        contentType: contentTypeFor(blob.filename),
        byteSize: blob.byte_size,
        createdBy: userId,
      })
      .returning();
    const signedId = signedIdFor(row!.id);
    return {
      signed_id: signedId,
      direct_upload: { url: `/api/uploads/${signedId}`, headers: { 'Content-Type': row!.contentType } },
    };
  }

  /**
   * Reads an upload into memory (never more than the declared size, itself at most UPLOAD_MAX_BYTES)
   * and stores it only when exactly the declared number of bytes arrived and, for images, the bytes
   * really are an image. Nothing is stored on any failure, so nothing partial is ever served.
   */
  async function receive(signedId: string, userId: number, body: Readable) {
    const asset = await findBySignedId(signedId);
    if (!asset || asset.createdBy !== userId) throw new NotFoundError('Unknown upload');
    if (asset.uploadedAt) throw new HttpError(409, 'This file has already been uploaded');
    const chunks: Buffer[] = [];
    let received = 0;
    await pipeline(body, async function limit(source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        received += chunk.length;
        if (received > asset.byteSize)
          throw new HttpError(413, `File is larger than ${asset.byteSize} bytes`);
        chunks.push(chunk);
      }
    });
    if (received !== asset.byteSize) {
      throw new ValidationError([invalidField('file', 'file_too_small', { bytes: asset.byteSize })]);
    }
    const bytes = Buffer.concat(chunks, received);
    if (asset.contentType.startsWith('image/')) await assertImage(bytes);
    await storage.put(asset.key, bytes, asset.contentType);
    await db.update(assets).set({ uploadedAt: new Date() }).where(eq(assets.id, asset.id));
  }

  async function assertImage(bytes: Buffer) {
    try {
      const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      if (!meta.width || !meta.height) throw new Error('no dimensions');
    } catch {
      throw new ValidationError([invalidField('file', 'invalid_image')]);
    }
  }

  /** Checks that a signed id is this user's uploaded image, strips its metadata and bounds its size. */
  async function claimPicture(signedId: string, userId: number): Promise<number> {
    const invalid = (code: ValidationCode, params?: ValidationParams) =>
      new ValidationError([invalidField('picture', code, params)]);
    const asset = await findBySignedId(signedId);
    if (!asset || asset.createdBy !== userId) throw invalid('unknown_upload');
    if (!asset.uploadedAt) throw invalid('not_uploaded');
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(asset.filename))) {
      throw invalid('file_type', { types: IMAGE_EXTENSIONS });
    }
    // A storage failure here is a 503 (from readAll or put), not "is not a valid image".
    const original = await readAll(storage, asset.key);
    if (!original) throw invalid('invalid_image');
    let output: Buffer;
    try {
      output = await sharp(original, { animated: false, limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(PICTURE_MAX_PX, PICTURE_MAX_PX, { fit: 'inside', withoutEnlargement: true })
        .toBuffer();
    } catch {
      throw invalid('invalid_image');
    }
    await storage.put(asset.key, output, asset.contentType);
    await db.update(assets).set({ byteSize: output.length }).where(eq(assets.id, asset.id));
    return asset.id;
  }

  /** An uploaded asset by its public key; undefined for unknown, malformed or not yet uploaded keys. */
  async function findByKey(key: string): Promise<AssetRow | undefined> {
    if (!ASSET_KEY.test(key)) return undefined;
    const [row] = await db.select().from(assets).where(eq(assets.key, key));
    return row?.uploadedAt ? row : undefined;
  }

  /** The asset's bytes as a stream; undefined when its object is missing from the store. */
  const open = (asset: Pick<AssetRow, 'key'>) => storage.get(asset.key);

  return {
    create,
    receive,
    claimPicture,
    findByKey,
    open,
    signedIdFor,
    verifySignedId,
    publicUrl: (asset: Pick<AssetRow, 'key'>) => `/uploads/${asset.key}`,
  };
}

export type AssetService = ReturnType<typeof createAssetService>;
