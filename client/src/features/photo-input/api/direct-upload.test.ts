import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#client/lib/api.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import { uploadErrorText } from '../upload-error.ts';
import { directUpload } from './direct-upload.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('directUpload', () => {
  it('describes the file to POST /api/assets, PUTs it to the answered URL with its headers, and answers the signed id', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(
        json(200, {
          signed_id: '4--sig',
          direct_upload: { url: '/api/uploads/4--sig', headers: { 'Content-Type': 'image/png' } },
        }),
      )
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const file = new File([new Uint8Array(42)], 'me.png', { type: 'image/png' });

    await expect(directUpload(file)).resolves.toBe('4--sig');

    const [assetsUrl, assetsInit] = fetch.mock.calls[0]!;
    expect(assetsUrl).toBe('/api/assets');
    expect(assetsInit?.method).toBe('POST');
    expect(JSON.parse(assetsInit?.body as string)).toEqual({
      blob: { filename: 'me.png', content_type: 'image/png', byte_size: 42 },
    });
    const [uploadUrl, uploadInit] = fetch.mock.calls[1]!;
    expect(uploadUrl).toBe('/api/uploads/4--sig');
    expect(uploadInit).toMatchObject({
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      credentials: 'same-origin',
    });
    expect(uploadInit?.body).toBe(file);
  });

  it('sends the generic binary type when the browser knows none', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(json(200, { signed_id: 's', direct_upload: { url: '/u', headers: {} } }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    await directUpload(new File(['x'], 'photo.png', { type: '' }));
    expect(JSON.parse(fetch.mock.calls[0]![1]?.body as string).blob.content_type).toBe(
      'application/octet-stream',
    );
  });

  it('turns a refused upload into an ApiError with the server reasons', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof globalThis.fetch>()
        .mockResolvedValueOnce(json(200, { signed_id: 's', direct_upload: { url: '/u', headers: {} } }))
        .mockResolvedValueOnce(
          json(422, { status: 422, errors: [{ path: 'file', message: 'is not a valid image' }] }),
        ),
    );
    const error = await directUpload(new File(['x'], 'fake.png', { type: 'image/png' })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, errors: [{ path: 'file', message: 'is not a valid image' }] });
  });

  it('does not PUT when the server refuses the description', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValueOnce(
      json(422, {
        status: 422,
        errors: [{ path: 'blob.byte_size', message: 'File is larger than 5242880 bytes' }],
      }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(directUpload(new File(['x'], 'big.png'))).rejects.toMatchObject({ status: 422 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('turns a 413 from the upload URL into the file_too_large reason, so it can be translated', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof globalThis.fetch>()
        .mockResolvedValueOnce(json(200, { signed_id: 's', direct_upload: { url: '/u', headers: {} } }))
        .mockResolvedValueOnce(json(413, { status: 413, message: 'File is larger than 3 bytes' })),
    );
    const error = await directUpload(new File(['abc'], 'me.png', { type: 'image/png' })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors).toEqual([
      { path: 'file', message: 'File is larger than 3 bytes', code: 'file_too_large', params: { bytes: 3 } },
    ]);
    const es = await createTestI18n('es');
    expect(uploadErrorText(error, es.t)).toBe('No se pudo subir la foto: El archivo pesa más de 3 bytes');
  });
});
