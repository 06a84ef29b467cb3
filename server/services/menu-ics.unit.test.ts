import { describe, expect, it } from 'vitest';
import { escapeText, foldLine } from './menu-ics.ts';

/** RFC 5545 3.3.11 (TEXT) and 3.1 (folding), as the menu's calendar file writes them (docs/product.md R663). */
describe('escapeText', () => {
  it.each([
    ['Rice, beans; greens', 'Rice\\, beans\\; greens'],
    ['back\\slash', 'back\\\\slash'],
    ['one\ntwo\r\nthree', 'one\\ntwo\\nthree'],
    ['雞粥、青菜', '雞粥、青菜'],
  ])('%j → %j', (text, escaped) => {
    expect(escapeText(text)).toBe(escaped);
  });
});

describe('foldLine', () => {
  const octets = (line: string) => new TextEncoder().encode(line).length;

  it('leaves a line of 75 octets as it is', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(foldLine(line)).toBe(line);
  });

  it.each([
    ['ASCII', `DESCRIPTION:${'a'.repeat(300)}`],
    ['Chinese (three octets a character)', `SUMMARY:${'雞粥青菜'.repeat(40)}`],
    ['mixed', `SUMMARY:${'Congee 雞粥 — sopa '.repeat(20)}`],
  ])('folds %s at 75 octets without cutting a character, and unfolds to the same line', (_name, line) => {
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const part of lines) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of lines.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(folded).not.toContain('\uFFFD');
  });
});
