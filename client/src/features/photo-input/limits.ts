import { numberFormat } from '#shared/format-hours.ts';
import { CONTENT_TYPES, IMAGE_EXTENSIONS } from '#shared/schemas/assets.ts';

/**
 * What a drop area accepts (docs/product.md R50): types, minimum and maximum size, how many files. react-dropzone
 * applies them and reports its own codes; the server checks everything again (docs/product.md R51).
 */
export interface UploadLimits {
  /** MIME type → extensions, in react-dropzone's `accept` shape. */
  accept: Record<string, readonly string[]>;
  minSize?: number;
  maxSize?: number;
  maxFiles?: number;
}

/** The server's default UPLOAD_MAX_BYTES (server/config.ts): checked here first to spare a useless upload. */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** `accept` for extensions of the server's table (docs/product.md R51): ['jpeg', 'jpg'] → { 'image/jpeg': ['.jpeg', '.jpg'] }. */
export function acceptFor(extensions: readonly string[]): UploadLimits['accept'] {
  const accept: Record<string, string[]> = {};
  for (const extension of extensions) {
    const type = CONTENT_TYPES[extension];
    if (type) accept[type] = [...(accept[type] ?? []), `.${extension}`];
  }
  return accept;
}

/** A user's picture: one file of a type the server takes as a picture (shared/schemas/assets.ts). */
export const PICTURE_LIMITS: UploadLimits = {
  accept: acceptFor(IMAGE_EXTENSIONS),
  minSize: 1,
  maxSize: PICTURE_MAX_BYTES,
  maxFiles: 1,
};

/** The limits as react-dropzone options; one allowed file means a single-file dialog. */
export function dropzoneLimits(limits: UploadLimits) {
  const { accept, minSize, maxSize, maxFiles } = limits;
  return {
    accept: Object.fromEntries(Object.entries(accept).map(([type, extensions]) => [type, [...extensions]])),
    minSize,
    maxSize,
    maxFiles,
    multiple: maxFiles !== 1,
  };
}

/** Names people know, one per type: 'image/jpeg' with .jpg and .jpeg → 'JPEG'. */
export function typeNames(accept: UploadLimits['accept']): string[] {
  const names = Object.entries(accept).flatMap(([type, extensions]) => {
    const subtype = type.split('/')[1] ?? '';
    if (subtype && subtype !== '*') return [subtype.toUpperCase()];
    return extensions.map((extension) => extension.replace(/^\./, '').toUpperCase());
  });
  return [...new Set(names)];
}

/** 'PNG, JPEG, or GIF' in the visitor's language. */
export function formatTypeList(accept: UploadLimits['accept'], language: string): string {
  return new Intl.ListFormat(language, { type: 'disjunction' }).format(typeNames(accept));
}

/** '5 MB', '200 KB', '12 bytes' in the visitor's language (binary multiples, as file managers show). */
export function formatFileSize(bytes: number, language: string): string {
  const [unit, size] =
    bytes >= 1024 * 1024
      ? (['megabyte', bytes / (1024 * 1024)] as const)
      : bytes >= 1024
        ? (['kilobyte', bytes / 1024] as const)
        : (['byte', bytes] as const);
  return numberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: unit === 'byte' ? 'long' : 'short',
    maximumFractionDigits: 1,
  }).format(size);
}

/** System files a folder drag brings along; ignored, never reported (docs/product.md R50). */
const SYSTEM_FILES = new Set(['.ds_store', 'thumbs.db']);

export function isSystemFile(name: string | undefined): boolean {
  if (!name) return false;
  const base = name.split(/[\\/]/).pop() ?? '';
  return SYSTEM_FILES.has(base.toLowerCase());
}

/** Our code for a system file, so the drop handler can drop it silently. */
export const SYSTEM_FILE_CODE = 'system-file';

/** react-dropzone `validator`: marks system files. During a drag, items carry no name and pass. */
export function systemFileValidator(file: { name?: string }) {
  return isSystemFile(file.name) ? { code: SYSTEM_FILE_CODE, message: 'System file ignored' } : null;
}
