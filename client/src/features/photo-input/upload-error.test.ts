import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import { uploadErrorText } from './upload-error.ts';

describe('uploadErrorText', () => {
  let en: Awaited<ReturnType<typeof createTestI18n>>;
  let zh: Awaited<ReturnType<typeof createTestI18n>>;
  beforeAll(async () => {
    en = await createTestI18n('en');
    zh = await createTestI18n('zh');
  });

  it.each([
    [
      new ApiError(422, 'x', [
        {
          path: 'blob.byte_size',
          message: 'File is larger than 5242880 bytes',
          code: 'file_too_large',
          params: { bytes: 5242880 },
        },
      ]),
      'The picture could not be uploaded: File is larger than 5242880 bytes',
    ],
    [
      new ApiError(413, 'File is larger than 100 bytes'),
      'The picture could not be uploaded: File is larger than 100 bytes',
    ],
    [
      new ApiError(422, 'x', [{ path: 'file', message: 'is not a valid image', code: 'invalid_image' }]),
      'The picture could not be uploaded: is not a valid image',
    ],
    [
      new ApiError(429, 'Too many uploads. Please try again later.'),
      'Too many uploads. Please try again later.',
    ],
    [
      new ApiError(500, 'This is an HTTP error: The status is 500'),
      'The picture could not be uploaded. Please try again.',
    ],
    [new TypeError('Failed to fetch'), 'The picture could not be uploaded. Please try again.'],
  ])('%s → %s', (error, expected) => {
    expect(uploadErrorText(error, en.t)).toBe(expected);
  });

  it('translates the server reasons by their codes', () => {
    const error = new ApiError(422, 'x', [
      { path: 'file', message: 'is not a valid image', code: 'invalid_image' },
    ]);
    expect(uploadErrorText(error, zh.t)).toBe('無法上傳相片：不是有效的圖片');
    const large = new ApiError(422, 'x', [
      {
        path: 'file',
        message: 'File is larger than 100 bytes',
        code: 'file_too_large',
        params: { bytes: 100 },
      },
    ]);
    expect(uploadErrorText(large, zh.t)).toBe('無法上傳相片：檔案大於 100 位元組');
  });
});
