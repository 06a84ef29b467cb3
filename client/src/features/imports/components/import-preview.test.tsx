import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { ImportPreview } from '#shared/imports.ts';
import en from '#shared/locales/en/admin-imports.json';
import es from '#shared/locales/es/admin-imports.json';
import zh from '#shared/locales/zh/admin-imports.json';
import { ImportPreviewTables } from './import-preview.tsx';

const preview: ImportPreview = {
  id: '6a1f0c2e-1d7b-4c55-9a51-2c1f3c7d9e01',
  summary: { new: 1, changed: 1, unchanged: 2, errors: 1 },
  rows: [
    {
      row: 2,
      kind: 'new',
      noPosition: true,
      site: {
        name: 'Sunset Senior Lunch',
        address: '900 Taraval St',
        phoneNumber: '',
        email: '',
        website: '',
        lat: '',
        lng: '',
        hours: 'Mon–Fri 11:30–13:30',
        nutritionPartners: '',
        populations: '',
        mealTypes: '',
        services: '',
        covidStatuses: '',
        phoneExtension: '',
      },
    },
    {
      row: 3,
      kind: 'changed',
      siteId: 12,
      changes: [{ field: 'phoneNumber', before: '4155550100', after: '' }],
      locateOnSave: true,
    },
    { row: 4, kind: 'unchanged', siteId: 13 },
    { row: 5, kind: 'unchanged', siteId: 14 },
    {
      row: 6,
      kind: 'error',
      errors: [
        {
          column: 'populations',
          code: 'unknown_item',
          message: 'has no list item called Martians',
          params: { name: 'Martians' },
        },
      ],
    },
  ],
  newItems: [{ list: 'mealtypes', name: 'Dinner' }],
};

async function renderIn(language: 'en' | 'es' | 'zh') {
  const i18n = await createTestI18n(language);
  for (const [lng, texts] of Object.entries({ en, es, zh }))
    i18n.addResourceBundle(lng, 'admin-imports', texts);
  render(
    <I18nextProvider i18n={i18n}>
      <ImportPreviewTables preview={preview} />
    </I18nextProvider>,
  );
}

describe.each([
  {
    language: 'en' as const,
    summary: '1 new, 1 changed, 2 unchanged, 1 with errors',
    tables: ['New sites (1)', 'Changed sites (1)', 'Rows with errors (1)', 'New list items (1)'],
    before: 'Before',
    after: 'After',
    phone: 'Phone',
    empty: '(empty)',
    problem: 'Has no list item called Martians.',
    unchanged: 'Unchanged sites (2)',
    noPosition: 'No map position found',
    locateOnSave: 'Not located yet: the map position is looked up when you commit the import',
  },
  {
    language: 'es' as const,
    summary: '1 nuevos, 1 modificados, 2 sin cambios, 1 con errores',
    tables: [
      'Comedores nuevos (1)',
      'Comedores modificados (1)',
      'Filas con errores (1)',
      'Elementos de lista nuevos (1)',
    ],
    before: 'Antes',
    after: 'Después',
    phone: 'Teléfono',
    empty: '(vacío)',
    problem: 'No tiene ningún elemento de lista llamado Martians.',
    unchanged: 'Comedores sin cambios (2)',
    noPosition: 'No se encontró la ubicación en el mapa',
    locateOnSave: 'Aún sin ubicar: la ubicación en el mapa se buscará al confirmar la importación',
  },
  {
    language: 'zh' as const,
    summary: '新增 1 個，更改 1 個，未更改 2 個，有錯誤 1 個',
    tables: ['新用餐點（1 個）', '已更改的用餐點（1 個）', '有錯誤的行（1 行）', '新清單項目（1 個）'],
    before: '更改前',
    after: '更改後',
    phone: '電話',
    empty: '（空白）',
    problem: '沒有名為 Martians 的清單項目。',
    unchanged: '未更改的用餐點（2 個）',
    noPosition: '找不到地圖位置',
    locateOnSave: '尚未定位：確認匯入時會查找地圖位置',
  },
])('the preview in $language', (expected) => {
  it('labels the counts, tables, columns and rows in the language', async () => {
    await renderIn(expected.language);
    expect(screen.getByText(expected.summary)).toBeTruthy();
    const tables = screen.getAllByRole('table');
    expect(
      tables.map((table) => within(table).getByRole('caption' as never, { hidden: true })?.textContent ?? ''),
    ).toEqual(expected.tables);
    const changed = screen.getByRole('table', { name: expected.tables[1] });
    expect(within(changed).getByRole('columnheader', { name: expected.before })).toBeTruthy();
    expect(within(changed).getByRole('columnheader', { name: expected.after })).toBeTruthy();
    expect(within(changed).getByRole('rowheader', { name: expected.phone })).toBeTruthy();
    expect(within(changed).getByText(expected.empty)).toBeTruthy();
    const errors = screen.getByRole('table', { name: expected.tables[2] });
    expect(within(errors).getByRole('rowheader', { name: '6' })).toBeTruthy();
    expect(within(errors).getByText(expected.problem)).toBeTruthy();
    expect(screen.getByText(expected.unchanged)).toBeTruthy();
    expect(screen.getByText(`(${expected.noPosition})`)).toBeTruthy();
    // A row past the preview's geocoding limit says it will be located at commit.
    expect(within(changed).getByText(`(${expected.locateOnSave})`)).toBeTruthy();
  });
});

/** A county's own sheet: "M-F 11:30-1:00" on a new row, "Tue/Thu 5-7" changing a site's hours. */
const agencyPreview: ImportPreview = {
  ...preview,
  summary: { new: 1, changed: 1, unchanged: 0, errors: 0 },
  rows: [
    {
      ...(preview.rows[0] as Extract<ImportPreview['rows'][number], { kind: 'new' }>),
      site: {
        ...(preview.rows[0] as Extract<ImportPreview['rows'][number], { kind: 'new' }>).site,
        hours: 'Mon–Fri 11:30–13:00',
      },
      readAs: [
        {
          column: 'hours',
          hours: [1, 2, 3, 4, 5].map((day) => ({ day, open: '11:30', close: '13:00' })),
          guesses: ['afternoon', 'day_abbreviation'],
        },
      ],
    },
    {
      row: 3,
      kind: 'changed',
      siteId: 12,
      changes: [{ field: 'hours', before: 'Tue 9:00–12:00', after: 'Tue, Thu 17:00–19:00' }],
      readAs: [
        {
          column: 'hours',
          hours: [2, 4].map((day) => ({ day, open: '17:00', close: '19:00' })),
          guesses: ['afternoon'],
        },
      ],
    },
  ],
  newItems: [],
};

const spaced = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

describe.each([
  {
    language: 'en' as const,
    newRow: 'Read as Mon–Fri 11:30 AM – 1:00 PM',
    changedRow: 'Read as Tue, Thu 5:00 PM – 7:00 PM',
    guesses:
      'Check: a time without AM or PM was taken as the afternoon and one-letter day names were read as weekdays.',
  },
  {
    language: 'es' as const,
    newRow: 'Se leyó como Lun–Vie 11:30 a.m. – 1:00 p.m.',
    changedRow: 'Se leyó como Mar, Jue 5:00 p.m. – 7:00 p.m.',
    guesses:
      'Revise: una hora sin a. m. ni p. m. se tomó como de la tarde y las letras sueltas se leyeron como días de la semana.',
  },
])('how the hours were read, in $language', (expected) => {
  it('is said next to the hours of a new row and of a changed row, with what was guessed', async () => {
    const i18n = await createTestI18n(expected.language);
    for (const [lng, texts] of Object.entries({ en, es, zh }))
      i18n.addResourceBundle(lng, 'admin-imports', texts);
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <ImportPreviewTables preview={agencyPreview} />
      </I18nextProvider>,
    );
    const notes = [...container.querySelectorAll('.import-read-as')].map((note) => spaced(note.textContent));
    expect(notes).toEqual([
      `${expected.newRow} ${expected.guesses}`,
      expect.stringContaining(expected.changedRow),
    ]);
    const tables = screen.getAllByRole('table');
    expect(
      spaced(within(tables[0]!).getByText(/11:30/, { selector: '.import-read-as' }).textContent),
    ).toContain(expected.newRow);
    expect(spaced(tables[1]!.textContent)).toContain(expected.changedRow);
  });
});
