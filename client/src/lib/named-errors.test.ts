import { describe, expect, it } from 'vitest';
import { namedFieldErrors, summaryErrors } from './named-errors.ts';

describe('messages that name their field (docs/product.md R214)', () => {
  it('gives an empty required field its own sentence and keeps other messages', () => {
    const fields = { name: 'Is required.', phoneNumber: 'Must be exactly 10 digits.' };
    const named = namedFieldErrors(
      fields,
      [
        { path: 'name', message: 'is required', code: 'required' },
        { path: 'phoneNumber', message: 'must be exactly 10 digits', code: 'invalid_phone' },
      ],
      { name: 'Enter the site’s name', phoneNumber: 'Enter a phone number' },
    );
    expect(named).toEqual({ name: 'Enter the site’s name', phoneNumber: 'Must be exactly 10 digits.' });
  });

  it('lists the summary in the form’s order, labels without “(required)”, nested keys under their field', () => {
    const labels = { name: 'Name (required)', address: '地址（必填）', Hours: 'Hours' };
    expect(
      summaryErrors(
        { 'Hours.0.close': 'Must be after the opening time.', address: 'Too long.', name: 'Enter the name' },
        labels,
        { name: 'Enter the name' },
        (label, message) => `${label}｜${message}`,
      ),
    ).toEqual([
      { field: 'name', text: 'Enter the name' },
      { field: 'address', text: '地址｜Too long.' },
      { field: 'Hours.0.close', text: 'Hours｜Must be after the opening time.' },
    ]);
  });
});
