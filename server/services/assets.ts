/**
 * The asset service: direct uploads named by a signed id, the bounds on them (per hour, unclaimed),
 * a user's picture claimed, retired and swept, and an upload found by its public key. Which bytes
 * are a picture is decided in picture-types.ts.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, count, eq, gt, like, lt, lte, notLike, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { apiRoutes, fillPath } from '#shared/api-paths.ts';
import { contentTypeFor, extensionOf, IMAGE_EXTENSIONS } from '#shared/schemas/assets.ts';
import { invalidField, type ValidationCode, type ValidationParams } from '#shared/validation.ts';
import type { Db } from '../db/client.ts';
import { assets, users } from '../db/schema.ts';
import { HttpError, NotFoundError, ValidationError } from './errors.ts';
import { type FileStorage, readAll } from './file-storage.ts';
import { imageTypeOf, MAX_INPUT_PIXELS, pictureTypeOf } from './picture-types.ts';

type AssetRow = typeof assets.$inferSelect;
const ASSET_KEY = /^[A-Za-z0-9_-]{32}$/;
const PICTURE_MAX_PX = 1024;
const HOUR_MS = 3_600_000;
/**
 * A replaced or removed picture's row, kept only while it still counts towards UPLOADS_PER_HOUR: its
 * key is renamed so that no address, upload or claim finds it (docs/decisions/018).
 */
const RETIRED = 'retired-';
/** What one user may hold uploaded but not yet used by any record (docs/product.md R364). */
export const UNCLAIMED_LIMITS = { files: 20, bytes: 50 * 1024 * 1024 };
/** An upload no record uses is deleted once it is this old (R363). */
export const UNCLAIMED_TTL_MS = 24 * HOUR_MS;
/** No record uses this asset: today only a user's picture refers to an upload. */
const unclaimed = sql`not exists (select 1 from ${users} where ${users.pictureAssetId} = ${assets.id})`;

/** First half of the advisory lock that makes "count this hour's uploads, then add one" one step. */
const UPLOAD_LOCK = 0x75706c64;

interface AssetOptions {
  /** Where the files go: a folder on this machine or a bucket (docs/decisions/012-object-storage.md). */
  storage: FileStorage;
  secret: string;
  maxBytes: number;
  uploadsPerHour: number;
}

/** Direct uploads (docs/product.md R51): a signed id names the asset, the file is PUT to its URL, bytes are checked. */
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
    // A retired picture is nobody's upload any more.
    return row && ASSET_KEY.test(row.key) ? row : undefined;
  }

  async function create(userId: number, blob: { filename: string; byte_size: number }) {
    if (blob.byte_size > options.maxBytes) {
      throw new ValidationError([
        invalidField('blob.byte_size', 'file_too_large', { bytes: options.maxBytes }),
      ]);
    }
    // Counting and inserting happen under a per-user lock held to the end of the transaction, so
    // parallel requests take turns and exactly UPLOADS_PER_HOUR of them get through.
    const row = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_LOCK}::int, ${userId}::int)`);
      const hourAgo = new Date(Date.now() - HOUR_MS);
      // Retired pictures older than the hour no longer count: their rows can go.
      await tx
        .delete(assets)
        .where(
          and(eq(assets.createdBy, userId), like(assets.key, `${RETIRED}%`), lte(assets.createdAt, hourAgo)),
        );
      const [recent] = await tx
        .select({ n: count() })
        .from(assets)
        .where(and(eq(assets.createdBy, userId), gt(assets.createdAt, hourAgo)));
      if ((recent?.n ?? 0) >= options.uploadsPerHour)
        throw new HttpError(429, 'Too many uploads. Please try again later.');
      // Files nobody uses yet are bounded too: an account cannot fill the store with them (R364).
      const [waiting] = await tx
        .select({ n: count(), bytes: sql<string>`coalesce(sum(${assets.byteSize}), 0)` })
        .from(assets)
        .where(and(eq(assets.createdBy, userId), notLike(assets.key, `${RETIRED}%`), unclaimed));
      if (
        (waiting?.n ?? 0) >= UNCLAIMED_LIMITS.files ||
        Number(waiting?.bytes ?? 0) + blob.byte_size > UNCLAIMED_LIMITS.bytes
      )
        throw new ValidationError([
          invalidField('blob', 'too_many_unclaimed', {
            files: UNCLAIMED_LIMITS.files,
            mb: UNCLAIMED_LIMITS.bytes / 1024 / 1024,
          }),
        ]);
      const [inserted] = await tx
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
      return inserted!;
    });
    const signedId = signedIdFor(row.id);
    return {
      signed_id: signedId,
      direct_upload: {
        url: fillPath(apiRoutes.upload, { signedId }),
        headers: { 'Content-Type': row.contentType },
      },
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
    // An image is stored, and later served, as the type its bytes are (a PNG named .jpg is a PNG).
    const contentType = asset.contentType.startsWith('image/')
      ? await imageTypeOf(bytes, 'file')
      : asset.contentType;
    await storage.put(asset.key, bytes, contentType);
    await db.update(assets).set({ uploadedAt: new Date(), contentType }).where(eq(assets.id, asset.id));
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
    // Checked again on the stored bytes: a file uploaded before this check existed may be any format.
    const signature = pictureTypeOf(original);
    if (!signature) throw invalid('invalid_image');
    let output: Buffer;
    try {
      output = await sharp(original, { animated: false, limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(PICTURE_MAX_PX, PICTURE_MAX_PX, { fit: 'inside', withoutEnlargement: true })
        .toFormat(signature.format)
        .toBuffer();
    } catch {
      throw invalid('invalid_image');
    }
    await storage.put(asset.key, output, signature.type);
    await db
      .update(assets)
      .set({ byteSize: output.length, contentType: signature.type })
      .where(eq(assets.id, asset.id));
    return asset.id;
  }

  /**
   * A picture that was replaced or removed: its address stops answering at once and its file is
   * deleted from the store. The row goes too, or, while it still counts towards UPLOADS_PER_HOUR,
   * stays under a retired key that nothing finds (deleted by a later upload once the hour is over).
   */
  async function retire(id: number) {
    const [row] = await db.select().from(assets).where(eq(assets.id, id));
    if (!row || !ASSET_KEY.test(row.key)) return;
    if (row.createdAt.getTime() <= Date.now() - HOUR_MS) await db.delete(assets).where(eq(assets.id, id));
    else
      await db
        .update(assets)
        .set({ key: `${RETIRED}${row.key}` })
        .where(eq(assets.id, id));
    await storage.remove(row.key);
  }

  /**
   * Deletes the uploads no record uses that are older than `olderThanMs` (R363), and the rows of
   * retired pictures past their hour; answers how many uploads went. Each row goes in one DELETE
   * that only one process can win, and only the winner removes the file, so several server
   * processes may sweep at once. A file that cannot be removed is reported, not retried: its row is
   * gone, so nothing serves it.
   */
  async function sweepUnclaimed(
    options: { olderThanMs?: number; onError?: (error: unknown, key: string) => void } = {},
  ) {
    const cutoff = new Date(Date.now() - (options.olderThanMs ?? UNCLAIMED_TTL_MS));
    const gone = await db
      .delete(assets)
      .where(and(notLike(assets.key, `${RETIRED}%`), lt(assets.createdAt, cutoff), unclaimed))
      .returning({ key: assets.key, uploadedAt: assets.uploadedAt });
    await db
      .delete(assets)
      .where(and(like(assets.key, `${RETIRED}%`), lt(assets.createdAt, new Date(Date.now() - HOUR_MS))));
    for (const row of gone) {
      try {
        await storage.remove(row.key);
      } catch (error) {
        options.onError?.(error, row.key);
      }
    }
    return gone.length;
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
    retire,
    sweepUnclaimed,
    findByKey,
    open,
    signedIdFor,
    verifySignedId,
    publicUrl: (asset: Pick<AssetRow, 'key'>) => `/uploads/${asset.key}`,
  };
}

export type AssetService = ReturnType<typeof createAssetService>;
