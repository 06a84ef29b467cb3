import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import { Checklist } from './checklist.tsx';

const items: ReferenceItem[] = [
  { id: 1, name: 'Lunch', translations: { es: { name: 'Almuerzo' }, zh: { name: '午膳' } } },
  { id: 2, name: 'Breakfast', translations: { es: { name: 'Desayuno' } } },
  { id: 3, name: 'Dinner', translations: {} },
];

const WORDS = {
  en: {
    count: '2 items are not yet in every language.',
    chinese: 'Not translated: Chinese',
    both: 'Not translated: Spanish and Chinese',
  },
  es: {
    count: '2 elementos todavía no están en todos los idiomas.',
    chinese: 'Sin traducción: chino',
    both: 'Sin traducción: español y chino',
  },
  zh: { count: '有 2 個項目尚未譯成所有語言。', chinese: '未翻譯：中文', both: '未翻譯：西班牙文和中文' },
} as const;

describe.each(Object.entries(WORDS))('a checklist in %s', (lng, words) => {
  it('counts the items without a translation and marks each with the languages it lacks', async () => {
    render(
      <I18nextProvider i18n={await createTestI18n(lng)}>
        <MemoryRouter>
          <Checklist
            list="mealtypes"
            items={items}
            failed={false}
            onRetry={() => {}}
            selected={[]}
            onChange={() => {}}
            basePath="/mealtypes"
            onLeave={() => {}}
          />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getByText(words.count)).toBeTruthy();
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[0]!).queryByText(/:|：/)).toBeNull();
    expect(within(rows[1]!).getByText(words.chinese)).toBeTruthy();
    expect(within(rows[2]!).getByText(words.both)).toBeTruthy();
  });

  it('says nothing about translations when every item has them', async () => {
    render(
      <I18nextProvider i18n={await createTestI18n(lng)}>
        <MemoryRouter>
          <Checklist
            list="mealtypes"
            items={items.slice(0, 1)}
            failed={false}
            onRetry={() => {}}
            selected={[]}
            onChange={() => {}}
            basePath="/mealtypes"
            onLeave={() => {}}
          />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.queryByText(words.count)).toBeNull();
    expect(document.querySelector('.untranslated')).toBeNull();
  });
});
