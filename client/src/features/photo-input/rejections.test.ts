import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { formatTypeList, PICTURE_LIMITS } from './limits.ts';
import { describeRejections, type RejectionMessage, rejectionMessage } from './rejections.ts';

const types = formatTypeList(PICTURE_LIMITS.accept, 'en');
const error = (code: string, message = 'library text') => ({ code, message });

describe('rejectionMessage: react-dropzone codes → our messages', () => {
  it.each([
    ['file-invalid-type', { key: 'invalidType', values: { types } }],
    ['file-too-large', { key: 'tooLarge', values: { count: 5_242_880 } }],
    ['file-too-small', { key: 'tooSmall', values: { count: 1 } }],
    ['too-many-files', { key: 'tooMany', values: { count: 1 } }],
    ['something-new', { key: 'other', values: { message: 'library text' } }],
  ])('%s', (code, expected) => {
    expect(rejectionMessage(error(code), PICTURE_LIMITS, types)).toEqual(expected);
  });
});

describe('the messages people read', () => {
  let t: (message: RejectionMessage) => string;
  let tIn: Record<string, (message: RejectionMessage) => string>;
  beforeAll(async () => {
    tIn = {};
    for (const language of ['en', 'es', 'zh']) {
      const i18n = await createTestI18n(language);
      tIn[language] = (message) => i18n.t(`photo:rejections.${message.key}`, message.values);
    }
    t = tIn.en!;
  });

  it.each([
    ['file-invalid-type', 'File type must be GIF, JPEG, or PNG'],
    ['file-too-large', 'File is larger than 5242880 bytes'],
    ['file-too-small', 'File is smaller than 1 byte'],
    ['too-many-files', 'Too many files'],
  ])('%s reads as the required English message', (code, expected) => {
    expect(t(rejectionMessage(error(code), PICTURE_LIMITS, types))).toBe(expected);
  });

  it('uses the limits, not the library text, for sizes', () => {
    const limits = { ...PICTURE_LIMITS, minSize: 100, maxSize: 2000 };
    expect(t(rejectionMessage(error('file-too-small'), limits, types))).toBe(
      'File is smaller than 100 bytes',
    );
    expect(t(rejectionMessage(error('file-too-large'), limits, types))).toBe(
      'File is larger than 2000 bytes',
    );
  });

  it('is translated in Spanish and Chinese, numbers kept', () => {
    const large = rejectionMessage(error('file-too-large'), PICTURE_LIMITS, types);
    expect(tIn.es!(large)).toBe('El archivo pesa más de 5242880 bytes');
    expect(tIn.zh!(large)).toBe('檔案大於 5242880 位元組');
    const many = rejectionMessage(error('too-many-files'), PICTURE_LIMITS, types);
    expect(tIn.es!(many)).toBe('Demasiados archivos');
    expect(tIn.zh!(many)).toBe('檔案太多');
  });
});

describe('describeRejections', () => {
  it('says too many files once, naming every file', () => {
    const groups = describeRejections(
      [
        { file: { name: 'a.png' }, errors: [error('too-many-files')] },
        { file: { name: 'b.png' }, errors: [error('too-many-files')] },
      ],
      PICTURE_LIMITS,
      types,
    );
    expect(groups).toEqual([
      { message: { key: 'tooMany', values: { count: 1 } }, files: ['a.png', 'b.png'] },
    ]);
  });

  it('keeps each problem of a file and leaves system files out', () => {
    const groups = describeRejections(
      [
        { file: { name: 'big.txt' }, errors: [error('file-invalid-type'), error('file-too-large')] },
        { file: { name: '.DS_Store' }, errors: [error('file-invalid-type'), error('system-file')] },
      ],
      PICTURE_LIMITS,
      types,
    );
    expect(groups.map((group) => [group.message.key, group.files])).toEqual([
      ['invalidType', ['big.txt']],
      ['tooLarge', ['big.txt']],
    ]);
  });

  it('is empty when nothing was refused', () => {
    expect(describeRejections([], PICTURE_LIMITS, types)).toEqual([]);
  });
});
