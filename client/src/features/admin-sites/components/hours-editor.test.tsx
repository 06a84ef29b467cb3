import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { EditorInterval } from '../model/hours.ts';
import { HoursEditor } from './hours-editor.tsx';

/** The editor with its hours held like the site form holds them; `latest` is what it last reported. */
function renderEditor(i18n: Awaited<ReturnType<typeof createTestI18n>>, initial: EditorInterval[] = []) {
  const seen: { latest: EditorInterval[] } = { latest: initial };
  function Harness() {
    const [hours, setHours] = useState(initial);
    return (
      <HoursEditor
        hours={hours}
        fieldErrors={{}}
        onChange={(next) => {
          seen.latest = next;
          setHours(next);
        }}
      />
    );
  }
  render(
    <I18nextProvider i18n={i18n}>
      <Harness />
    </I18nextProvider>,
  );
  return seen;
}

const WORDS = {
  en: {
    adder: 'Add hours',
    weekdays: 'Weekdays (Monday to Friday)',
    opens: 'Opens',
    closes: 'Closes',
    add: 'Add Hours',
    list: 'Opening hours, Monday first',
    monday: 'Monday',
    tuesday: 'Tuesday',
    wednesday: 'Wednesday',
    first: '1st',
    third: '3rd',
    every: 'Every week',
    edit: 'Edit',
    save: 'Save hours',
    lunch: /^Monday, 11:30\sAM to 1:30\sPM/,
    edited: /^Wednesday, 11:30\sAM to 2:00\sPM/,
    weeksText: /Tuesday, 9:00\sAM to 5:00\sPM \(1st and 3rd Tuesday of the month\)/,
  },
  es: {
    adder: 'Agregar horario',
    weekdays: 'Días laborables (de lunes a viernes)',
    opens: 'Abre',
    closes: 'Cierra',
    add: 'Agregar horario',
    list: 'Horario de atención, empezando por el lunes',
    monday: 'Lunes',
    tuesday: 'Martes',
    wednesday: 'Miércoles',
    first: 'Primero',
    third: 'Tercero',
    every: 'Todas las semanas',
    edit: 'Modificar',
    save: 'Guardar horario',
    lunch: /^Lunes, de 11:30\sa\.\s?m\. a 1:30\sp\.\s?m\./,
    edited: /^Miércoles, de 11:30\sa\.\s?m\. a 2:00\sp\.\s?m\./,
    weeksText: /Martes, de 9:00\sa\.\s?m\. a 5:00\sp\.\s?m\. \(primer y tercer martes del mes\)/,
  },
  zh: {
    adder: '新增開放時間',
    weekdays: '平日（星期一至五）',
    opens: '開始時間',
    closes: '結束時間',
    add: '新增時段',
    list: '開放時間（由星期一開始）',
    monday: '星期一',
    tuesday: '星期二',
    wednesday: '星期三',
    first: '第一個',
    third: '第三個',
    every: '每個星期',
    edit: '編輯',
    save: '儲存時段',
    lunch: /^星期一，上午11:30 至 下午1:30/,
    edited: /^星期三，上午11:30 至 下午2:00/,
    weeksText: /星期二，上午9:00 至 下午5:00（每月第一個和第三個星期二）/,
  },
} as const;

describe.each(Object.entries(WORDS))('the hours editor in %s', (lng, w) => {
  it('adds Monday to Friday, 11:30 to 1:30, in one action, listed Monday first', async () => {
    const seen = renderEditor(await createTestI18n(lng));
    const adder = screen.getByRole('group', { name: w.adder });
    fireEvent.click(within(adder).getByRole('button', { name: w.weekdays }));
    for (const day of [w.monday, w.wednesday]) {
      expect((within(adder).getByRole('checkbox', { name: day }) as HTMLInputElement).checked).toBe(true);
    }
    fireEvent.change(within(adder).getByLabelText(w.opens), { target: { value: '11:30' } });
    fireEvent.change(within(adder).getByLabelText(w.closes), { target: { value: '13:30' } });
    fireEvent.click(within(adder).getByRole('button', { name: w.add }));

    const rows = within(screen.getByRole('list', { name: w.list })).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(rows[0]?.textContent).toMatch(w.lunch);
    expect(seen.latest.map((h) => h.day)).toEqual([1, 2, 3, 4, 5]);
    expect(seen.latest.every((h) => h.open === '11:30' && h.close === '13:30' && !h.weeks)).toBe(true);
  });

  it('edits an interval in place', async () => {
    const lunch = (day: number) => ({ day, open: '11:30', close: '13:30' });
    const seen = renderEditor(await createTestI18n(lng), [lunch(1), lunch(3)]);
    const list = screen.getByRole('list', { name: w.list });
    fireEvent.click(within(list).getByRole('button', { name: new RegExp(`^${w.edit} ${w.wednesday}`) }));
    const row = within(list).getAllByRole('listitem')[1]!;
    fireEvent.change(within(row).getByLabelText(w.closes), { target: { value: '14:00' } });
    fireEvent.click(within(row).getByRole('button', { name: w.save }));

    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.textContent).toMatch(w.edited);
    expect(seen.latest).toEqual([lunch(1), { day: 3, open: '11:30', close: '14:00' }]);
    // Focus is back on the edited interval's own 'Edit'.
    expect(document.activeElement?.textContent).toMatch(new RegExp(`^${w.edit} ${w.wednesday}`));
  });

  it('applies hours to chosen weeks of the month; every week by default', async () => {
    const seen = renderEditor(await createTestI18n(lng));
    const adder = screen.getByRole('group', { name: w.adder });
    const every = within(adder).getByRole('checkbox', { name: w.every }) as HTMLInputElement;
    expect(every.checked).toBe(true);
    fireEvent.click(within(adder).getByRole('checkbox', { name: w.monday })); // untick the default day
    fireEvent.click(within(adder).getByRole('checkbox', { name: w.tuesday }));
    fireEvent.click(within(adder).getByRole('checkbox', { name: w.third }));
    fireEvent.click(within(adder).getByRole('checkbox', { name: w.first }));
    expect(every.checked).toBe(false);
    fireEvent.click(within(adder).getByRole('button', { name: w.add }));

    expect(seen.latest).toEqual([{ day: 2, open: '09:00', close: '17:00', weeks: [1, 3] }]);
    expect(screen.getByRole('list', { name: w.list }).textContent).toMatch(w.weeksText);
  });
});
