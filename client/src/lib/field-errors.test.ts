import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { fieldErrorMap, formatFieldMessages, translateFieldError } from './field-errors.ts';

const t = ((key: string, options: Record<string, string>) =>
  `${key}|${JSON.stringify(options)}`) as unknown as TFunction;

describe('formatFieldMessages', () => {
  it.each([
    [['is required'], 'Is required.'],
    [['is required', 'is required'], 'Is required.'],
    [['is required', 'must be short'], 'Is required, must be short.'],
    [['Already ends with a period.'], 'Already ends with a period.'],
    [[], ''],
    [['  ', 'x'], 'X.'],
  ])('%j → %s', (messages, expected) => {
    expect(formatFieldMessages(messages)).toBe(expected);
  });
});

describe('translateFieldError', () => {
  it('looks the code up and fills in its params, lists joined', () => {
    expect(
      translateFieldError(
        { path: 'name', message: 'must be at most 200 characters', code: 'too_long', params: { max: 200 } },
        t,
      ),
    ).toBe('validation:codes.too_long|{"max":"200","defaultValue":"must be at most 200 characters"}');
    expect(
      translateFieldError(
        {
          path: 'PopulationIds',
          message: 'has unknown ids: 3, 4',
          code: 'unknown_ids',
          params: { ids: [3, 4] },
        },
        t,
      ),
    ).toContain('"ids":"3, 4"');
    expect(translateFieldError({ path: 'name', message: 'is required', code: 'required' }, t)).toContain(
      'validation:codes.required',
    );
  });
  it('shows an error without a code it knows as sent, whatever its English says', () => {
    expect(translateFieldError({ path: 'x', message: 'something new' }, t)).toBe('something new');
    expect(translateFieldError({ path: 'x', message: 'is required', code: 'brand_new' as never }, t)).toBe(
      'is required',
    );
  });
});

describe('fieldErrorMap', () => {
  it('groups by path and formats each field once', () => {
    const identity = ((_key: string, options: { defaultValue: string }) =>
      options.defaultValue) as unknown as TFunction;
    const map = fieldErrorMap(
      [
        { path: 'email', message: 'is already taken', code: 'email_taken' },
        { path: 'email', message: 'is already taken', code: 'email_taken' },
        { path: 'name', message: 'is required', code: 'required' },
      ],
      identity,
    );
    expect(map).toEqual({ email: 'Is already taken.', name: 'Is required.' });
  });
});

describe('fieldErrorMap in the reader’s language', () => {
  it.each([
    ['en', 'Must be a number, must be between -90 and 90.'],
    ['es', 'Debe ser un número, debe estar entre -90 y 90.'],
    ['zh', '必須是數字，必須介於 -90 與 90 之間。'],
  ])('%s: joins and ends a field’s messages with that language’s punctuation', async (lng, expected) => {
    const i18n = await createTestI18n(lng);
    const map = fieldErrorMap(
      [
        { path: 'lat', message: 'must be a number', code: 'not_a_number' },
        {
          path: 'lat',
          message: 'must be between -90 and 90',
          code: 'out_of_range',
          params: { min: -90, max: 90 },
        },
      ],
      i18n.t,
    );
    expect(map.lat).toBe(expected);
  });
});
