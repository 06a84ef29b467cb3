import { describe, expect, it } from 'vitest';
import { cookieValue } from '#shared/languages.ts';
import { collapseSlashes, pagePath, pageRoute } from '../services/page-data.ts';
import { headerSafe, isPathTooLong, MAX_PATH_BYTES, splitUrl } from './request-path.ts';

/**
 * The functions that read request paths and cookies, on ordinary and on long, adversarial input. They
 * are written as single passes without regular expressions; these tests pin their answers on inputs
 * (thousands of slashes, semicolons, spaces) that made the earlier patterns backtrack.
 */
describe('collapseSlashes', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['//', '/'],
    ['/sites/', '/sites'],
    ['/sites//', '/sites'],
    ['//sites//12///', '/sites/12'],
    ['/a/b', '/a/b'],
    ['a//b/', 'a/b'],
  ])('%j -> %j', (raw, expected) => {
    expect(collapseSlashes(raw)).toBe(expected);
  });

  it('keeps the text around long runs of slashes', () => {
    expect(collapseSlashes(`/a${'/'.repeat(15_500)}b`)).toBe('/a/b');
    expect(collapseSlashes(`/sites${'/'.repeat(100_000)}`)).toBe('/sites');
    expect(collapseSlashes(`${'/x/'.repeat(50_000)}`)).toBe(`${'/x'.repeat(50_000)}`);
  });
});

describe('pageRoute on raw paths', () => {
  it('reads slash variants and leading zeros as the page they name', () => {
    expect(pageRoute('/sites/1//')).toEqual({ kind: 'site', id: 1 });
    expect(pageRoute('//sites/1')).toEqual({ kind: 'site', id: 1 });
    expect(pageRoute('/sites//1')).toEqual({ kind: 'site', id: 1 });
    expect(pageRoute('/sites/01')).toEqual({ kind: 'site', id: 1 });
    expect(pageRoute('//')).toEqual({ kind: 'home' });
    expect(pageRoute(`/sites/12${'/'.repeat(100_000)}`)).toEqual({ kind: 'site', id: 12 });
    expect(pageRoute(`/about${'/'.repeat(100_000)}`)).toEqual({ kind: 'about' });
  });

  it('names nothing else, however long', () => {
    for (const other of [
      `/a${'/'.repeat(15_500)}b`,
      `/sites/${'1'.repeat(100_000)}`,
      '/sites/%31',
      '/sites/./1',
      '/sites/1/..',
      '/Sites',
      '/sites/1e3',
      '/sites/ 1',
      '/sites/0',
      '/sites/2147483648',
      'http://evil.example/sites',
      '*',
    ]) {
      expect(pageRoute(other), other.slice(0, 40)).toEqual({ kind: 'other' });
    }
  });

  it('has one canonical path per page', () => {
    expect(pagePath({ kind: 'home' })).toBe('/');
    expect(pagePath({ kind: 'sites' })).toBe('/sites');
    expect(pagePath({ kind: 'site', id: 7 })).toBe('/sites/7');
    expect(pagePath({ kind: 'partners' })).toBe('/partners');
  });
});

describe('splitUrl and the path-length cap', () => {
  it('splits at the first ? or #', () => {
    expect(splitUrl('/sites?lng=es&a=?b')).toEqual({ path: '/sites', query: 'lng=es&a=?b' });
    expect(splitUrl('/sites#x?y')).toEqual({ path: '/sites', query: '' });
    expect(splitUrl('/sites?a=1#frag')).toEqual({ path: '/sites', query: 'a=1' });
    expect(splitUrl('/sites')).toEqual({ path: '/sites', query: '' });
  });

  it('counts the bytes of the path only', () => {
    expect(isPathTooLong(`/${'a'.repeat(MAX_PATH_BYTES - 1)}`)).toBe(false);
    expect(isPathTooLong(`/${'a'.repeat(MAX_PATH_BYTES)}`)).toBe(true);
    expect(isPathTooLong(`/?q=${'a'.repeat(100_000)}`)).toBe(false);
    // 'é' is two bytes in UTF-8: 1,025 of them are 2,050 bytes in 1,025 characters.
    expect(isPathTooLong(`/${'é'.repeat(1_023)}`)).toBe(false);
    expect(isPathTooLong(`/${'é'.repeat(1_024)}`)).toBe(true);
    expect(isPathTooLong(`/a${'/'.repeat(15_500)}b`)).toBe(true);
  });
});

describe('headerSafe', () => {
  it('leaves printable ASCII (and broken %-encodings) as they are and encodes the rest', () => {
    expect(headerSafe('lng=es&a=%E0%A4%A&b=%')).toBe('lng=es&a=%E0%A4%A&b=%');
    expect(headerSafe('a=b c\r\nSet-Cookie: x')).toBe('a=b%20c%0D%0ASet-Cookie:%20x');
    expect(headerSafe('q=é\u0000')).toBe('q=%C3%A9%00');
    expect(headerSafe('\ud800')).toBe('%EF%BF%BD');
  });
});

describe('cookieValue', () => {
  it.each([
    ['i18next=es', 'es'],
    ['sid=x; i18next=zh', 'zh'],
    ['sid=x;i18next=zh;other=1', 'zh'],
    ['  i18next = es ', 'es'],
    ['i18next="es"', 'es'],
    ['i18next=es; i18next=zh', 'es'],
    ['i18next=zh%2Dtw', 'zh-tw'],
    ['xi18next=es', undefined],
    ['i18nextx=es', undefined],
    ['i18next', undefined],
    ['', undefined],
    ['=;=;', undefined],
  ])('%j -> %j', (header, expected) => {
    expect(cookieValue(header, 'i18next')).toBe(expected);
  });

  it('ignores a value that cannot be %-decoded instead of failing', () => {
    expect(cookieValue('i18next=%', 'i18next')).toBeUndefined();
    expect(cookieValue('i18next=%E0%A4%A', 'i18next')).toBeUndefined();
    expect(cookieValue('a=%; i18next=es', 'i18next')).toBe('es');
  });

  it('finds the cookie after long runs of separators and spaces', () => {
    const noise = `${'; '.repeat(50_000)}${';'.repeat(50_000)}${' '.repeat(50_000)}`;
    expect(cookieValue(`${noise}; i18next=es`, 'i18next')).toBe('es');
    expect(cookieValue(`a=${'='.repeat(100_000)}; i18next=zh`, 'i18next')).toBe('zh');
    expect(cookieValue(`${'i18nex;'.repeat(20_000)}`, 'i18next')).toBeUndefined();
  });
});
