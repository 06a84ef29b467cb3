/** A web address is stored as browsers will read it, and never with credentials or another scheme (R370). */
import { describe, expect, it } from 'vitest';
import { WebsiteSchema } from './common.ts';

const codeOf = (value: unknown) => {
  const result = WebsiteSchema.safeParse(value);
  return result.success ? undefined : (result.error.issues[0] as { params?: { code?: string } }).params?.code;
};

describe('WebsiteSchema', () => {
  it.each([
    ['example.org', 'https://example.org'],
    ['https://example.org/', 'https://example.org'],
    ['HTTPS://Example.ORG/Menu Today', 'https://example.org/Menu%20Today'],
    // A backslash is a slash to the parser: the host is evil.example, whatever a reader sees.
    ['https://evil.example\\@good.example/', 'https://evil.example/@good.example/'],
    ['https://evil.example\\.good.example/x', 'https://evil.example/.good.example/x'],
    ['//evil.example/x', 'https://evil.example/x'],
    ['https:////evil.example/x', 'https://evil.example/x'],
    ['http://example.org:80/a/../b', 'http://example.org/b'],
    ['  https://example.org/a?b=1#c  ', 'https://example.org/a?b=1#c'],
  ])('%j is stored as %j', (typed, stored) => {
    expect(WebsiteSchema.parse(typed)).toBe(stored);
  });

  it.each([
    'https://user:secret@example.org/',
    'https://good.example@evil.example/',
    'https://:pw@example.org',
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'ftp://files.example.org',
    'mailto:someone@example.org',
    'https://localhost/',
    'http://',
  ])('%j is refused with invalid_website', (typed) => {
    expect(codeOf(typed)).toBe('invalid_website');
  });

  it('keeps blank as null and refuses an address longer than 500 characters once normalised', () => {
    expect(WebsiteSchema.parse('')).toBeNull();
    expect(WebsiteSchema.parse(null)).toBeNull();
    expect(codeOf(`https://example.org/${' '.repeat(170)}x`)).toBe('too_long');
  });
});
