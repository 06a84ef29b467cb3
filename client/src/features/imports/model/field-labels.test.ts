import { describe, expect, it } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { IMPORT_FIELDS } from '#shared/import-columns.ts';
import { fieldLabel } from './field-labels.ts';

/** docs/product.md R626: the column mapping names every field in the clerk's language, never by its code. */
describe('fieldLabel', () => {
  it.each(['en', 'es', 'zh'])('gives every importable field a worded label in %s', async (language) => {
    const i18n = await createTestI18n(language);
    const t = i18n.getFixedT(language, ['admin-imports', 'admin-facts']);
    const labels = IMPORT_FIELDS.map((field) => [field, fieldLabel(field, t)] as const);
    for (const [field, label] of labels) {
      expect(label, field).not.toBe(field);
      expect(label, field).not.toMatch(/^[a-z]+[A-Z]\w*$/);
    }
    // Different fields are told apart.
    expect(new Set(labels.map(([, label]) => label)).size).toBe(labels.length);
  });

  it('words facts, notes and translation columns', async () => {
    const i18n = await createTestI18n('en');
    const t = i18n.getFixedT('en', ['admin-imports', 'admin-facts']);
    expect(fieldLabel('reservePhoneDays', t)).toBe('Days the reservation line is answered');
    expect(fieldLabel('costNoteEs', t)).toBe('Cost note in Spanish');
    expect(fieldLabel('populationsZh', t)).toBe('Populations served in Chinese');
  });
});
