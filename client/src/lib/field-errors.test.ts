import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
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
    ).toBe('common:validation.codes.too_long|{"max":"200","defaultValue":"must be at most 200 characters"}');
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
      'common:validation.codes.required',
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
