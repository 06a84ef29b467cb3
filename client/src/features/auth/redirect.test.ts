import { describe, expect, it } from 'vitest';
import { loginReturnPath, safeReturnPath } from './redirect.ts';

describe('safeReturnPath: only same-site paths (no open redirect)', () => {
  it.each([
    ['/account', '/account'],
    ['/sites?population=3&service=2', '/sites?population=3&service=2'],
    ['/sites/12#hours', '/sites/12#hours'],
    ['/', '/'],
    ['/a/../account', '/account'],
    ['/./account', '/account'],
    ['/%2e/account', '/account'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/sites?from=//evil.example', '/sites?from=//evil.example'],
    ['/about#//evil.example', '/about#//evil.example'],
  ])('accepts %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it.each([
    ['https://evil.example/'],
    ['http://evil.example'],
    ['//evil.example'],
    ['//evil.example/account'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['javascript:alert(1)'],
    ['account'],
    [''],
    ['/login'],
    ['/login?from=/account'],
    ['/logout'],
    ['/logout/'],
    ['/passwords/forgot'],
    ['/passwords/reset/abc'],
    // Dot segments resolved into a protocol-relative path (another site).
    ['/.//evil.example/'],
    ['/./\\/evil.example'],
    ['/a/..//evil.example'],
    ['/%2e//evil.example'],
    ['/%2E%2E//evil.example'],
    ['/a/%2e%2e//evil.example/x?y#z'],
    ['/.%2e//evil.example'],
    ['/././/evil.example'],
    ['//evil'],
    ['/\\\\evil'],
    ['/\\evil'],
    ['https://evil'],
    ['javascript:'],
    ['javascript://%0aalert(1)'],
    ['%2F%2Fevil'],
    ['%2f%2fevil.example'],
    ['data:text/html,x'],
    [' /account'],
    ['/account\u0000'],
    ['/acc\u007fount'],
    ['/logout//'],
    ['/login/.'],
    ['/x/../login'],
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it.each([[null], [undefined], [42], [{ pathname: '/account' }]])('refuses a non-string %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });
});

describe('loginReturnPath', () => {
  it('prefers the from query parameter (guards and the 401 handler)', () => {
    expect(loginReturnPath('?from=%2Faccount', { from: '/about' })).toBe('/account');
  });
  it('falls back to navigation state, as a string or a location', () => {
    expect(loginReturnPath('', { from: '/about' })).toBe('/about');
    expect(loginReturnPath('', { from: { pathname: '/sites', search: '?service=2' } })).toBe(
      '/sites?service=2',
    );
  });
  it('goes home when nothing usable was given', () => {
    expect(loginReturnPath('', null)).toBe('/');
    expect(loginReturnPath('?from=https%3A%2F%2Fevil.example', undefined)).toBe('/');
    expect(loginReturnPath('?from=%2F%2Fevil.example', { from: 'https://evil.example' })).toBe('/');
  });
  it('goes home for a from that resolves to another site', () => {
    expect(loginReturnPath('?from=%2F.%2F%2Fevil.example%2F', null)).toBe('/');
    expect(loginReturnPath('?from=%2F%252e%2F%2Fevil.example', null)).toBe('/');
    expect(loginReturnPath('', { from: { pathname: '/.//evil.example/', search: '' } })).toBe('/');
  });
  it('ignores a bad query value but still uses good state', () => {
    expect(loginReturnPath('?from=%2F%2Fevil.example', { from: '/about' })).toBe('/about');
  });
});
