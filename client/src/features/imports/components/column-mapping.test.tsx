import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { ImportPreview } from '#shared/imports.ts';
import en from '#shared/locales/en/admin-imports.json';
import es from '#shared/locales/es/admin-imports.json';
import zh from '#shared/locales/zh/admin-imports.json';
import { ColumnMappingForm } from './column-mapping.tsx';
import { ImportPreviewTables } from './import-preview.tsx';

/** docs/product.md R621–R623, R626: the columns beside the fields, and the losses before the list. */
async function i18nIn(language: 'en' | 'es' | 'zh') {
  const i18n = await createTestI18n(language);
  i18n.addResourceBundle(language, 'admin-imports', { en, es, zh }[language]);
  return i18n;
}

describe('ColumnMappingForm', () => {
  it('labels each select by the file’s header, preselects the guess, and sends the changed choices', async () => {
    const onPreview = vi.fn();
    render(
      <I18nextProvider i18n={await i18nIn('en')}>
        <ColumnMappingForm
          columns={[
            { header: 'Site Name', field: 'name', guessed: true },
            { header: 'Notes', field: 'aboutNote', guessed: true },
            { header: 'Diet / Cuisine', field: null, guessed: false },
          ]}
          notImported={['Diet / Cuisine']}
          remembered={false}
          busy={false}
          onPreview={onPreview}
        />
      </I18nextProvider>,
    );
    const name = screen.getByLabelText('Site Name') as HTMLSelectElement;
    expect(name.value).toBe('name');
    expect((screen.getByLabelText('Diet / Cuisine') as HTMLSelectElement).value).toBe('');
    expect(screen.getByText('1 column is not imported: Diet / Cuisine.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: en.mapping.again }));
    expect(onPreview).toHaveBeenCalledWith({ 'Site Name': 'name', Notes: null, 'Diet / Cuisine': null });
  });
});

describe('the destructive summary', () => {
  const preview: ImportPreview = {
    id: '6a1f0c2e-1d7b-4c55-9a51-2c1f3c7d9e01',
    summary: { new: 0, changed: 2, unchanged: 0, errors: 0 },
    rows: [
      {
        row: 4,
        kind: 'changed',
        siteId: 9,
        name: 'Oak Street Center',
        changes: [{ field: 'email', before: 'oak@example.org', after: '' }],
      },
      {
        row: 5,
        kind: 'changed',
        siteId: 10,
        name: 'Elm Grove Hall',
        changes: [{ field: 'populations', before: 'Seniors 60+; Veterans', after: '' }],
      },
    ],
    newItems: [],
    destructive: {
      fieldsEmptied: 1,
      itemsRemoved: 2,
      changes: [
        { row: 4, siteId: 9, name: 'Oak Street Center', field: 'email' },
        {
          row: 5,
          siteId: 10,
          name: 'Elm Grove Hall',
          field: 'populations',
          removed: ['Seniors 60+', 'Veterans'],
        },
      ],
    },
  };

  it.each([
    ['en', '1 field will be emptied', '2 list items will be removed'],
    ['es', 'Se vaciará 1 campo', 'Se quitarán 2 elementos de lista'],
    ['zh', '1 個欄位會被清空', '2 個清單項目會被移除'],
  ] as const)(
    'counts each kind in plural forms (%s), before the site-by-site list, naming sites',
    async (language, fields, items) => {
      const { container } = render(
        <I18nextProvider i18n={await i18nIn(language)}>
          <ImportPreviewTables preview={preview} />
        </I18nextProvider>,
      );
      const section = screen.getByRole('region', { name: { en, es, zh }[language].destructive.title });
      expect(within(section).getByText(fields)).toBeTruthy();
      expect(within(section).getByText(items)).toBeTruthy();
      // Before the table of changed sites.
      const table = container.querySelector('table')!;
      expect(section.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(within(table).getByRole('link', { name: 'Oak Street Center' })).toBeTruthy();
    },
  );
});
