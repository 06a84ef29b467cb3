import { ApiError, api, apiErrorFrom } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import { DEFAULT_CONTENT_TYPE, type DirectUpload } from '#shared/schemas/assets.ts';
import { invalidField } from '#shared/validation.ts';

/**
 * The direct-upload protocol (docs/product.md R51): POST /api/assets describes the file and
 * answers a signed id with a URL and headers; the file is then PUT there as it is. Answers the signed
 * id, which is what a form sends (e.g. a user's `picture`).
 */
export async function directUpload(file: File, signal?: AbortSignal): Promise<string> {
  const blob = { filename: file.name, content_type: file.type || DEFAULT_CONTENT_TYPE, byte_size: file.size };
  const { signed_id, direct_upload } = await api<DirectUpload>(apiPaths.assets, {
    method: 'POST',
    body: { blob },
    signal,
  });
  const response = await fetch(direct_upload.url, {
    method: 'PUT',
    headers: direct_upload.headers,
    body: file,
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) {
    const error = await apiErrorFrom(response);
    // A 413 here means more bytes arrived than were declared: the same reason as a declared size too big.
    if (response.status === 413 && error.errors.length === 0)
      throw new ApiError(error.status, error.message, [
        invalidField('file', 'file_too_large', { bytes: blob.byte_size }),
      ]);
    throw error;
  }
  return signed_id;
}
