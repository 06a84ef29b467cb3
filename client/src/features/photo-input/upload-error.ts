import type { TFunction } from 'i18next';
import { ApiError } from '#client/lib/api.ts';
import { translateFieldError } from '#client/lib/field-errors.ts';

/**
 * Why an upload failed, in words: the server's own reasons when it gave them (422 field errors, a 413
 * size message), translated where we know them; a generic text for network and server failures.
 */
export function uploadErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return t('photo:tooManyUploads');
    const reasons = error.errors.length
      ? error.errors.map((e) => translateFieldError(e, t))
      : error.status >= 400 && error.status < 500 && error.status !== 401
        ? [error.message]
        : [];
    if (reasons.length) return t('photo:uploadFailed', { reason: [...new Set(reasons)].join('; ') });
  }
  return t('photo:uploadFailedGeneric');
}
