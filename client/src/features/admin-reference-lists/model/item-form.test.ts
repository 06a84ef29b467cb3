import { describe, expect, it } from 'vitest';
import { REFERENCE_LIST_NAMES } from '#shared/schemas/reference-lists.ts';
import { buildItemPayload, hasContactFields, itemSchemaFor, itemValuesFrom } from './item-form.ts';

const values = {
  name: ' Takeout ',
  nameEs: '',
  nameZh: '',
  phoneNumber: '(628) 555-0100',
  email: 'a@example.org',
  website: 'example.org',
  closesSite: true,
};

describe('buildItemPayload', () => {
  it('sends the contact fields only for nutrition partners, the phone as 10 digits', () => {
    expect(buildItemPayload('nutritionpartners', values)).toEqual({
      name: ' Takeout ',
      translations: {},
      phoneNumber: '6285550100',
      email: 'a@example.org',
      website: 'example.org',
    });
  });

  it.each(REFERENCE_LIST_NAMES.filter((list) => !hasContactFields(list) && list !== 'covidstatuses'))(
    'sends only the name for %s',
    (list) => {
      expect(buildItemPayload(list, values)).toEqual({ name: ' Takeout ', translations: {} });
    },
  );

  it('sends closesSite for covid statuses only, ticked or not', () => {
    expect(buildItemPayload('covidstatuses', values)).toEqual({
      name: ' Takeout ',
      translations: {},
      closesSite: true,
    });
    expect(buildItemPayload('covidstatuses', { ...values, closesSite: false })).toEqual({
      name: ' Takeout ',
      translations: {},
      closesSite: false,
    });
    expect(buildItemPayload('nutritionpartners', values)).not.toHaveProperty('closesSite');
  });

  it('adds the version when editing and sends blank contact fields as null', () => {
    expect(
      buildItemPayload('nutritionpartners', { ...values, phoneNumber: ' ', email: '', website: '' }, 3),
    ).toEqual({
      name: ' Takeout ',
      translations: {},
      phoneNumber: null,
      email: null,
      website: null,
      version: 3,
    });
  });

  it('is checked by the API schema of its list, with the API messages', () => {
    const bad = buildItemPayload('nutritionpartners', {
      name: ' ',
      nameEs: '',
      nameZh: '',
      phoneNumber: '555',
      email: 'nope',
      website: '',
      closesSite: false,
    });
    const issues = itemSchemaFor('nutritionpartners').safeParse(bad).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'is required'],
      ['phoneNumber', 'must be exactly 10 digits'],
      ['email', 'must be a valid e-mail address'],
    ]);
    expect(itemSchemaFor('populations').safeParse(buildItemPayload('populations', values)).success).toBe(
      true,
    );
  });
});

describe('translations in the body', () => {
  it('sends the filled-in languages trimmed and leaves blank ones out', () => {
    expect(buildItemPayload('mealtypes', { ...values, nameEs: ' Almuerzo ', nameZh: '  ' })).toEqual({
      name: ' Takeout ',
      translations: { es: { name: 'Almuerzo' } },
    });
  });

  it('shows the stored translations, and none as empty boxes', () => {
    const item = { id: 3, name: 'Lunch', translations: { zh: { name: '午膳' } } };
    expect(itemValuesFrom(item)).toMatchObject({ nameEs: '', nameZh: '午膳' });
  });
});

describe('itemValuesFrom', () => {
  it('shows a stored partner with its phone formatted and missing fields empty', () => {
    expect(itemValuesFrom({ id: 1, name: 'P', phoneNumber: '6285550100', email: null })).toEqual({
      name: 'P',
      nameEs: '',
      nameZh: '',
      phoneNumber: '(628) 555-0100',
      email: '',
      website: '',
      closesSite: false,
    });
  });

  it('shows whether a stored status means the site is closed', () => {
    const status = { id: 2, name: 'Temporarily closed', closesSite: true };
    expect(itemValuesFrom(status).closesSite).toBe(true);
  });

  it('starts empty when creating', () => {
    expect(itemValuesFrom(undefined)).toEqual({
      name: '',
      nameEs: '',
      nameZh: '',
      phoneNumber: '',
      email: '',
      website: '',
      closesSite: false,
    });
  });
});
