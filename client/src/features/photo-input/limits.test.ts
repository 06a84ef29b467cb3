import { describe, expect, it } from 'vitest';
import {
  acceptFor,
  dropzoneLimits,
  formatFileSize,
  formatTypeList,
  isSystemFile,
  PICTURE_LIMITS,
  systemFileValidator,
  typeNames,
} from './limits.ts';

describe('picture limits', () => {
  it('accept exactly the image types the server takes as a picture', () => {
    expect(PICTURE_LIMITS.accept).toEqual({
      'image/gif': ['.gif'],
      'image/jpeg': ['.jpeg', '.jpg'],
      'image/png': ['.png'],
    });
    expect(PICTURE_LIMITS).toMatchObject({ minSize: 1, maxSize: 5_242_880, maxFiles: 1 });
  });

  it('become a single-file react-dropzone', () => {
    expect(dropzoneLimits(PICTURE_LIMITS)).toMatchObject({
      multiple: false,
      maxFiles: 1,
      maxSize: 5_242_880,
    });
    expect(dropzoneLimits({ accept: {}, maxFiles: 3 }).multiple).toBe(true);
    expect(dropzoneLimits({ accept: {} }).multiple).toBe(true);
  });

  it('skips extensions outside the server table', () => {
    expect(acceptFor(['png', 'exe', 'pdf'])).toEqual({ 'image/png': ['.png'], 'application/pdf': ['.pdf'] });
  });
});

describe('typeNames and formatTypeList', () => {
  it.each([
    [{ 'image/jpeg': ['.jpg', '.jpeg'] }, ['JPEG']],
    [{ 'image/png': ['.png'], 'image/gif': ['.gif'] }, ['PNG', 'GIF']],
    [{ 'image/*': ['.png', '.webp'] }, ['PNG', 'WEBP']],
  ])('%j → %j', (accept, expected) => {
    expect(typeNames(accept)).toEqual(expected);
  });

  it.each([
    ['en', 'GIF, JPEG, or PNG'],
    ['es', 'GIF, JPEG o PNG'],
    ['zh', 'GIF、JPEG或PNG'],
  ])('lists the picture types in %s', (language, expected) => {
    expect(formatTypeList(PICTURE_LIMITS.accept, language)).toBe(expected);
  });
});

describe('formatFileSize', () => {
  it.each([
    [5_242_880, 'en', '5 MB'],
    [1_572_864, 'en', '1.5 MB'],
    [2048, 'en', '2 kB'],
    [1, 'en', '1 byte'],
    [500, 'en', '500 bytes'],
    [5_242_880, 'es', '5 MB'],
  ])('%d bytes in %s → %s', (bytes, language, expected) => {
    expect(formatFileSize(bytes, language)).toBe(expected);
  });
});

describe('system files', () => {
  it.each([
    ['.DS_Store', true],
    ['Thumbs.db', true],
    ['thumbs.db', true],
    ['photos/.DS_Store', true],
    ['photos\\Thumbs.db', true],
    ['me.png', false],
    ['DS_Store.png', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (name, expected) => {
    expect(isSystemFile(name)).toBe(expected);
  });

  it('the validator marks them and lets nameless drag items through', () => {
    expect(systemFileValidator({ name: '.DS_Store' })).toMatchObject({ code: 'system-file' });
    expect(systemFileValidator({ name: 'me.png' })).toBeNull();
    expect(systemFileValidator({})).toBeNull();
  });
});
