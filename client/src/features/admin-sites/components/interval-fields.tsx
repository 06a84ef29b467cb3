import { type KeyboardEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, intlLocale, weekdayName } from '#shared/format-hours.ts';
import { type EditorInterval, normalizeWeeks, WEEKS_OF_MONTH, type WeekOfMonth } from '../model/hours.ts';

// The controls of one interval of hours (its times, its weeks of the month) and its words, shared by
// the list's interval editor and the add-an-interval row (docs/product.md R97).

export const weekKey = (week: WeekOfMonth) => (week === -1 ? 'last' : String(week));

/** The words of one interval: "Tuesday, 9:00 AM to 5:00 PM", plus "1st and 3rd Tuesday of the month". */
export function useIntervalLabel() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (h: EditorInterval) => {
    const day = weekdayName(h.day, language);
    const text = t('hours.interval', {
      day,
      open: formatTime(h.open, language),
      close: formatTime(h.close, language),
    });
    const weeks = normalizeWeeks(h.weeks);
    if (!weeks) return text;
    const ordinals = new Intl.ListFormat(intlLocale(language), { type: 'conjunction' }).format(
      weeks.map((w) => t(`hours.ordinal.${weekKey(w)}`)),
    );
    // Mid-sentence a Spanish weekday is lower case ("primer y tercer martes del mes").
    const dayInSentence = language.startsWith('es') ? day.toLocaleLowerCase('es') : day;
    return t('hours.intervalWeeks', { interval: text, weeks: ordinals, day: dayInSentence });
  };
}

/** "Every week" or some of 1st..4th and last: ticking a week unticks "Every week", and back. */
export function WeeksPicker({
  weeks,
  onChange,
  onKeyDown,
}: {
  weeks: readonly WeekOfMonth[] | undefined;
  onChange: (weeks: WeekOfMonth[] | undefined) => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const chosen = weeks ?? [];
  const toggle = (week: WeekOfMonth, checked: boolean) =>
    onChange(normalizeWeeks(checked ? [...chosen, week] : chosen.filter((w) => w !== week)));
  return (
    <fieldset className="hours-editor__weeks">
      <legend>{t('hours.weeksLegend')}</legend>
      <div className="hours-editor__checks">
        <span className="hours-editor__check">
          <input
            id={`${id}-every`}
            type="checkbox"
            checked={chosen.length === 0}
            onChange={() => onChange(undefined)}
            onKeyDown={onKeyDown}
          />
          <label htmlFor={`${id}-every`}>{t('hours.everyWeek')}</label>
        </span>
        {WEEKS_OF_MONTH.map((week) => (
          <span key={week} className="hours-editor__check">
            <input
              id={`${id}-${weekKey(week)}`}
              type="checkbox"
              checked={chosen.includes(week)}
              onChange={(event) => toggle(week, event.target.checked)}
              onKeyDown={onKeyDown}
            />
            <label htmlFor={`${id}-${weekKey(week)}`}>{t(`hours.weekOption.${weekKey(week)}`)}</label>
          </span>
        ))}
      </div>
    </fieldset>
  );
}

export const enterDoes = (action: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Enter') return;
  event.preventDefault(); // Enter changes the hours here; it does not submit the site form
  action();
};

export function TimeField({
  id,
  label,
  value,
  onChange,
  onKeyDown,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  error?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="time"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
