import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorMap } from '#client/lib/field-errors.ts';
import { DEFAULT_CLOSE, DEFAULT_OPEN } from '#shared/constants.ts';
import { weekdayName } from '#shared/format-hours.ts';
import {
  addIntervals,
  displayHours,
  EDITOR_WEEKDAYS,
  type EditorInterval,
  errorsByInterval,
  focusAfterRemoval,
  intervalKey,
  removeInterval,
  updateInterval,
  type WeekOfMonth,
  WORKING_DAYS,
} from '../model/hours.ts';
import { IntervalEditor } from './interval-editor.tsx';
import { enterDoes, TimeField, useIntervalLabel, WeeksPicker } from './interval-fields.tsx';

interface HoursEditorProps {
  hours: EditorInterval[];
  onChange: (hours: EditorInterval[]) => void;
  /** The form's field errors; 'Hours' and 'Hours.N.field' are shown here. */
  fieldErrors: Record<string, string>;
}

/**
 * Weekly hours (docs/product.md R53): tick one or more weekdays (Monday first; 'Weekdays' ticks
 * Monday to Friday), an opening and a closing time and, when not every week, the weeks of the month,
 * then 'Add Hours': one interval per ticked day. Each interval is listed Monday first with 'Edit'
 * (changed in place) and 'Remove'. Keyboard: Enter in the controls adds or saves (it does not
 * submit the form), Escape cancels an edit; after a removal focus moves to the neighbouring interval.
 * Every change is announced in a polite live region.
 */
export function HoursEditor({ hours, onChange, fieldErrors }: HoursEditorProps) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const label = useIntervalLabel();
  const id = useId();
  const [days, setDays] = useState<number[]>([1]);
  const [open, setOpen] = useState<string>(DEFAULT_OPEN);
  const [close, setClose] = useState<string>(DEFAULT_CLOSE);
  const [weeks, setWeeks] = useState<WeekOfMonth[] | undefined>(undefined);
  const [adderErrors, setAdderErrors] = useState<Record<string, string>>({});
  const [announcement, setAnnouncement] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const firstDay = useRef<HTMLInputElement>(null);
  const rowButtons = useRef(new Map<string, HTMLButtonElement>());
  /** After a change to the list: the interval whose button gets focus, or null for the first day box. */
  const pendingFocus = useRef<string | null | undefined>(undefined);

  // A removed or edited row's button is gone or new; keep the keyboard user in the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the new hours are on screen
  useEffect(() => {
    if (pendingFocus.current === undefined) return;
    const key = pendingFocus.current;
    pendingFocus.current = undefined;
    ((key && rowButtons.current.get(key)) || firstDay.current)?.focus();
  }, [hours, editing]);

  const translate = (errors: Parameters<typeof fieldErrorMap>[0]) => {
    const map = fieldErrorMap(errors, t);
    if (errors.some((e) => e.path === 'days')) map.days = t('hours.noDays');
    for (const [path, message] of Object.entries(map)) {
      if (path.startsWith('weeks')) map.weeks = message;
      if (path === '') map.general = message;
    }
    return map;
  };

  const add = () => {
    const result = addIntervals(hours, { days, open, close, weeks });
    if (result.kind === 'invalid') {
      const errors = translate(result.errors);
      setAdderErrors(errors);
      setAnnouncement(Object.values(errors).join(' '));
      return;
    }
    if (result.kind === 'duplicate') {
      setAdderErrors({ days: t('hours.duplicate') });
      setAnnouncement(t('hours.duplicate'));
      return;
    }
    setAdderErrors({});
    onChange(result.hours);
    setAnnouncement(t('hours.added', { interval: result.added.map(label).join('; ') }));
  };

  const remove = (interval: EditorInterval) => {
    const key = intervalKey(interval);
    pendingFocus.current = focusAfterRemoval(hours, key) ?? null;
    onChange(removeInterval(hours, key));
    setAnnouncement(t('hours.removed', { interval: label(interval) }));
  };

  const saveEdit = (key: string, edited: EditorInterval) => {
    const result = updateInterval(hours, key, edited);
    if (result.kind === 'invalid') return translate(result.errors);
    if (result.kind === 'duplicate') return { general: t('hours.duplicate') };
    pendingFocus.current = `edit-${intervalKey(result.interval)}`;
    setEditing(null);
    onChange(result.hours);
    setAnnouncement(t('hours.updated', { interval: label(result.interval) }));
    return undefined;
  };

  const cancelEdit = (key: string) => {
    pendingFocus.current = `edit-${key}`;
    setEditing(null);
  };

  const toggleDay = (day: number, checked: boolean) =>
    setDays((current) => (checked ? [...current, day] : current.filter((d) => d !== day)));

  const rowErrors = errorsByInterval(fieldErrors, hours);
  const generalError = fieldErrors.Hours;
  const fieldName = (field: string) =>
    field === 'open'
      ? t('hours.open')
      : field === 'close'
        ? t('hours.close')
        : field === 'day'
          ? t('hours.day')
          : field === 'weeks'
            ? t('hours.weeksLegend')
            : '';
  const keepButton = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) rowButtons.current.set(key, element);
    else rowButtons.current.delete(key);
  };
  const addOnEnter = enterDoes(add);

  return (
    <fieldset className="hours-editor" aria-describedby={generalError ? `${id}-error` : undefined}>
      <legend>{t('hours.legend')}</legend>
      {generalError && (
        <p id={`${id}-error`} className="field-error" data-invalid="true" tabIndex={-1}>
          {generalError}
        </p>
      )}
      {hours.length === 0 ? (
        <p className="hours-editor__empty">{t('hours.none')}</p>
      ) : (
        <ul className="hours-editor__list" aria-label={t('hours.listLabel')}>
          {displayHours(hours).map((interval) => {
            const key = intervalKey(interval);
            const errors = rowErrors[key];
            const errorId = `${id}-${key}-error`;
            if (editing === key) {
              return (
                <li key={key} className="hours-editor__row hours-editor__row--editing">
                  <IntervalEditor
                    interval={interval}
                    onSave={(edited) => saveEdit(key, edited)}
                    onCancel={() => cancelEdit(key)}
                  />
                </li>
              );
            }
            return (
              <li
                key={key}
                className={errors ? 'hours-editor__row hours-editor__row--invalid' : 'hours-editor__row'}
              >
                <span className="hours-editor__text">{label(interval)}</span>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setEditing(key)}
                  ref={keepButton(`edit-${key}`)}
                >
                  {t('hours.edit')}
                  <span className="visually-hidden"> {label(interval)}</span>
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => remove(interval)}
                  aria-describedby={errors ? errorId : undefined}
                  data-invalid={errors ? 'true' : undefined}
                  ref={keepButton(key)}
                >
                  {t('hours.remove')}
                  <span className="visually-hidden"> {label(interval)}</span>
                </button>
                {errors && (
                  <p id={errorId} className="field-error">
                    {errors
                      .map((e) => (fieldName(e.field) ? `${fieldName(e.field)}: ${e.message}` : e.message))
                      .join(' ')}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <fieldset className="hours-editor__adder">
        <legend>{t('hours.addLegend')}</legend>
        <fieldset
          className="hours-editor__days"
          aria-describedby={adderErrors.days ? `${id}-days-error` : undefined}
        >
          <legend>{t('hours.days')}</legend>
          <div className="hours-editor__checks">
            {EDITOR_WEEKDAYS.map((day, index) => (
              <span key={day} className="hours-editor__check">
                <input
                  id={`${id}-day-${day}`}
                  ref={index === 0 ? firstDay : undefined}
                  type="checkbox"
                  checked={days.includes(day)}
                  onChange={(event) => toggleDay(day, event.target.checked)}
                  onKeyDown={addOnEnter}
                  aria-invalid={adderErrors.days ? true : undefined}
                />
                <label htmlFor={`${id}-day-${day}`}>{weekdayName(day, language)}</label>
              </span>
            ))}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setDays([...WORKING_DAYS])}
            >
              {t('hours.weekdays')}
            </button>
          </div>
          {adderErrors.days && (
            <p id={`${id}-days-error`} className="field-error">
              {adderErrors.days}
            </p>
          )}
        </fieldset>
        <div className="hours-editor__controls">
          <TimeField
            id={`${id}-open`}
            label={t('hours.open')}
            value={open}
            onChange={setOpen}
            onKeyDown={addOnEnter}
            error={adderErrors.open}
          />
          <TimeField
            id={`${id}-close`}
            label={t('hours.close')}
            value={close}
            onChange={setClose}
            onKeyDown={addOnEnter}
            error={adderErrors.close ?? adderErrors.general}
          />
        </div>
        <WeeksPicker weeks={weeks} onChange={setWeeks} onKeyDown={addOnEnter} />
        {adderErrors.weeks && <p className="field-error">{adderErrors.weeks}</p>}
        <button type="button" className="button button--secondary hours-editor__add" onClick={add}>
          {t('hours.add')}
        </button>
      </fieldset>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}
