/**
 * The pictures an upload may be: PNG, JPEG or GIF, told by the file's first bytes and confirmed by
 * decoding within a pixel bound. Used by the asset service (assets.ts).
 */
import sharp from 'sharp';
import { invalidField } from '#shared/validation.ts';
import { ValidationError } from './errors.ts';

/**
 * The image types a picture may be, told by the file's first bytes (its signature), never by its name
 * or declared type: libvips reads many more formats (TIFF, SVG, HEIF…) that are not taken here.
 * Each maps to sharp's name for the format, which must agree when the file is decoded.
 */
const PICTURE_SIGNATURES: {
  type: string;
  format: 'png' | 'jpeg' | 'gif';
  matches: (b: Buffer) => boolean;
}[] = [
  {
    type: 'image/png',
    format: 'png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    type: 'image/jpeg',
    format: 'jpeg',
    matches: (b) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  },
  {
    type: 'image/gif',
    format: 'gif',
    matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  },
];

/** The picture type these bytes start with, or undefined when they are not one of the accepted ones. */
export const pictureTypeOf = (bytes: Buffer) => PICTURE_SIGNATURES.find((s) => s.matches(bytes));
/** A decompression bomb (a small file of enormous pixel size) is refused, not decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The content type of an accepted picture: its signature is PNG, JPEG or GIF and it decodes as that
 * same format within the pixel bound. Anything else is "is not a valid image" on `path`.
 */
export async function imageTypeOf(bytes: Buffer, path: string) {
  const invalid = new ValidationError([invalidField(path, 'invalid_image')]);
  const signature = pictureTypeOf(bytes);
  if (!signature) throw invalid;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (meta.format !== signature.format || !meta.width || !meta.height) throw new Error('not that image');
  } catch {
    throw invalid;
  }
  return signature.type;
}
