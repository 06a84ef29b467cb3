import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { fieldErrorMap, formatFieldMessages, translateServerMessage } from './field-errors.ts';

const t = ((key: string, options: Record<string, string>) =>
  `${key}|${JSON.stringify(options)}`) as unknown as TFunction;

describe('formatFieldMessages (SPEC.md §5)', () => {
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

describe('translateServerMessage', () => {
  it('maps known messages to keys and keeps their numbers', () => {
    expect(translateServerMessage('must be at most 200 characters', t)).toContain(
      'common:validation.maxLength',
    );
    expect(translateServerMessage('must be at most 200 characters', t)).toContain('"max":"200"');
    expect(translateServerMessage('is required', t)).toContain('common:validation.required');
  });
  it('leaves unknown messages as sent', () => {
    expect(translateServerMessage('something new', t)).toBe('something new');
  });
});

describe('fieldErrorMap', () => {
  it('groups by path and formats each field once', () => {
    const identity = ((_key: string, options: { defaultValue: string }) =>
      options.defaultValue) as unknown as TFunction;
    const map = fieldErrorMap(
      [
        { path: 'email', message: 'is already taken' },
        { path: 'email', message: 'is already taken' },
        { path: 'name', message: 'is required' },
      ],
      identity,
    );
    expect(map).toEqual({ email: 'Is already taken.', name: 'Is required.' });
  });
});
