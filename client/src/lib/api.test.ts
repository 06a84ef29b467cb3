import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api.ts';

/** api(): a JSON body or a file's bytes, and a refusal's code and params on the ApiError. */

afterEach(() => vi.restoreAllMocks());

function answer(status: number, body: unknown) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
}

describe('api', () => {
  it('sends a body as JSON', async () => {
    const fetch = answer(200, { ok: true });
    expect(await api('/api/x', { method: 'POST', body: { skipErrors: true } })).toEqual({ ok: true });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.body).toBe('{"skipErrors":true}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('sends a file as it is, with the given content type', async () => {
    const fetch = answer(201, { id: 'a' });
    const file = new Blob(['name,address\n'], { type: 'application/vnd.ms-excel' });
    await api('/api/imports', { method: 'POST', body: file, contentType: 'text/csv' });
    const init = fetch.mock.calls[0]![1]!;
    expect(init.body).toBe(file);
    expect(init.headers).toMatchObject({ 'Content-Type': 'text/csv', Accept: 'application/json' });
  });

  it('answers a refusal as an ApiError with its code and params', async () => {
    answer(413, { status: 413, code: 'file_too_large', message: 'Too large.', params: { mb: 5 } });
    const error = (await api('/api/imports', { method: 'POST', body: new Blob(['x']) }).catch(
      (e) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: 'file_too_large', message: 'Too large.' });
    expect(error.params).toEqual({ mb: 5 });
  });

  it('has no params when the answer has none', async () => {
    answer(422, { status: 422, message: 'Invalid', errors: [] });
    const error = (await api('/api/x', { method: 'POST', body: {} }).catch((e) => e)) as ApiError;
    expect(error.code).toBeUndefined();
    expect(error.params).toEqual({});
  });
});
