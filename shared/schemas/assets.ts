import { z } from 'zod';
import { coded } from '../validation.ts';
import { BodySchema } from './common.ts';

/** docs/product.md R51: the accepted extensions and their content types. */
export const CONTENT_TYPES: Record<string, string> = {
  avi: 'video/x-msvideo',
  gif: 'image/gif',
  ico: 'image/vnd.microsoft.icon',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  mkv: 'video/x-matroska',
  mov: 'video/quicktime',
  mp4: 'video/mp4',
  pdf: 'application/pdf',
  png: 'image/png',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
export const IMAGE_EXTENSIONS = ['gif', 'jpeg', 'jpg', 'png'] as const;

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/**
 * Whether the extension is one of the table's own entries. An own-property check: `in` (or a plain
 * index) would also find what every object inherits, so 'x.__proto__' or 'x.constructor' would pass.
 */
function isKnownExtension(extension: string): boolean {
  return Object.hasOwn(CONTENT_TYPES, extension);
}

/** The content type for a file name from the table, or the generic binary type. */
export function contentTypeFor(filename: string): string {
  const extension = extensionOf(filename);
  return isKnownExtension(extension) ? CONTENT_TYPES[extension]! : DEFAULT_CONTENT_TYPE;
}

export const BlobInputSchema = BodySchema({
  blob: z.object(
    {
      filename: z
        .string(coded('required'))
        .trim()
        .min(1, coded('required'))
        .max(255, coded('too_long', { max: 255 }))
        .refine(
          (name) => isKnownExtension(extensionOf(name)),
          coded('file_type', { types: Object.keys(CONTENT_TYPES) }),
        ),
      content_type: z
        .string(coded('not_text'))
        .max(255, coded('too_long', { max: 255 }))
        .optional(),
      byte_size: z
        .number(coded('invalid_byte_size'))
        .int(coded('invalid_byte_size'))
        .positive(coded('empty_file')),
    },
    coded('required'),
  ),
});

export const DirectUploadSchema = z.object({
  signed_id: z.string(),
  direct_upload: z.object({ url: z.string(), headers: z.record(z.string(), z.string()) }),
});
export type DirectUpload = z.infer<typeof DirectUploadSchema>;
