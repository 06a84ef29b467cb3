import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone, phoneHref, splitExtension } from './phone.ts';

describe('normalizePhone: keeps the digits of what people type', () => {
  it.each([
    ['4155550123', '4155550123'],
    ['(415) 555-0123', '4155550123'],
    ['415.555.0123', '4155550123'],
    ['415-555-0123', '4155550123'],
    [' 415 555 0123 ', '4155550123'],
    ['+1 (415) 555-0123', '4155550123'],
    ['1-415-555-0123', '4155550123'],
    ['14155550123', '4155550123'],
    // Only a leading 1 on an 11-digit number is a country code.
    ['24155550123', '24155550123'],
    ['415555012', '415555012'],
    ['415-555-0123 ext. 4', '41555501234'],
    ['', ''],
    ['call us', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

describe('formatPhone: (xxx) xxx-xxxx only for exactly 10 digits', () => {
  it.each([
    ['4155550123', '(415) 555-0123'],
    ['4175575000', '(417) 557-5000'],
    ['0000000000', '(000) 000-0000'],
    ['415555012', '415555012'],
    ['41555501234', '41555501234'],
    ['(415) 555-0123', '(415) 555-0123'],
    ['415555012a', '415555012a'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (stored, expected) => {
    expect(formatPhone(stored)).toBe(expected);
  });
});

describe('phoneHref: a tel: link only for a well-formed number', () => {
  it.each([
    ['4155550123', 'tel:+14155550123'],
    ['4175575000', 'tel:+14175575000'],
    ['415555012', undefined],
    ['41555501234', undefined],
    ['(415) 555-0123', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%j → %j', (stored, expected) => {
    expect(phoneHref(stored)).toBe(expected);
  });
});

describe('splitExtension: the extension a number is typed with stays apart (R607)', () => {
  it.each<[string, string, string | undefined]>([
    ['415-555-0142 x12', '415-555-0142', '12'],
    ['415-555-0142x12', '415-555-0142', '12'],
    ['415-555-0142 x. 12', '415-555-0142', '12'],
    ['415-555-0142 ext. 12', '415-555-0142', '12'],
    ['415-555-0142 ext 12', '415-555-0142', '12'],
    ['415-555-0142 Ext: 12', '415-555-0142', '12'],
    ['415-555-0142 ext.12', '415-555-0142', '12'],
    ['415-555-0142 extn 12', '415-555-0142', '12'],
    ['415-555-0142 extension 12', '415-555-0142', '12'],
    ['415-555-0142, extension 12', '415-555-0142', '12'],
    ['415-555-0142 (ext. 12)', '415-555-0142', '12'],
    ['415-555-0142 ext. #12', '415-555-0142', '12'],
    ['415-555-0142 ext no. 12', '415-555-0142', '12'],
    ['415-555-0142 #12', '415-555-0142', '12'],
    ['415-555-0142 extensión 12', '415-555-0142', '12'],
    ['415-555-0142 內線 12', '415-555-0142', '12'],
    ['(415) 555-0142 分機12', '(415) 555-0142', '12'],
    ['415-555-0142', '415-555-0142', undefined],
    ['Box 12', 'Box 12', undefined],
    ['ext 12', 'ext 12', undefined],
    ['415-555-0142 next 12', '415-555-0142 next 12', undefined],
    ['415-555-0142 ext 1234567', '415-555-0142 ext 1234567', undefined],
  ])('%j → %j and %j', (input, number, extension) => {
    expect(splitExtension(input)).toEqual(extension === undefined ? { number } : { number, extension });
  });

  it('answers a 2,000-character hostile number', () => {
    for (const input of [
      `1${' '.repeat(1998)}x`,
      `${'1 x '.repeat(500)}`,
      `${'x'.repeat(1999)}1`,
      `1${', '.repeat(999)}`,
    ]) {
      expect(splitExtension(input).number).toBeDefined();
    }
  });
});
