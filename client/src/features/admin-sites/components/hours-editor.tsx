import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorMap } from '#client/lib/field-errors.ts';
import { DEFAULT_CLOSE, DEFAULT_OPEN, WEEKDAYS } from '#shared/constants.ts';
import { formatTime, weekdayName } from '#shared/format-hours.ts';
import type { HoursInterval } from '#shared/hours.ts';
import {
  addInterval,
  displayHours,
  errorsByInterval,
  focusAfterRemoval,
  intervalKey,
  removeInterval,
} from '../model/hours.ts';

export interface HoursEditorProps {
  hours: HoursInterval[];
  onChange: (hours: HoursInterval[]) => void;
  /** The form's field errors; 'Hours' and 'Hours.N.field' are shown here. */
  fieldErrors: Record<string, string>;
}

/**
 * Weekly hours (docs/product.md R53): choose a weekday, an opening and a closing time, then 'Add Hours'; each
 * interval is listed Monday first with its own 'Remove'. Keyboard: Enter in the controls adds (it
 * does not submit the form); after a removal focus moves to the neighbouring interval. Every change
 * is announced in a polite live region.
 */
export function HoursEditor({ hours, onChange, fieldErrors }: HoursEditorProps) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const id = useId();
  const [day, setDay] = useState(1);
  const [open, setOpen] = useState<string>(DEFAULT_OPEN);
  const [close, setClose] = useState<string>(DEFAULT_CLOSE);
  const [adderErrors, setAdderErrors] = useState<Record<string, string>>({});
  const [announcement, setAnnouncement] = useState('');
  const daySelect = useRef<HTMLSelectElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  /** After a removal: the interval whose 'Remove' gets focus, or null for the day select. */
  const pendingFocus = useRef<string | null | undefined>(undefined);

  // The removed button is gone; keep the keyboard user in the list, or on the controls below it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the new hours are on screen
  useEffect(() => {
    if (pendingFocus.current === undefined) return;
    const key = pendingFocus.current;
    pendingFocus.current = undefined;
    ((key && removeButtons.current.get(key)) || daySelect.current)?.focus();
  }, [hours]);

  const label = (h: HoursInterval) =>
    t('hours.interval', {
      day: weekdayName(h.day, language),
      open: formatTime(h.open, language),
      close: formatTime(h.close, language),
    });

  const add = () => {
    const result = addInterval(hours, { day, open, close });
    if (result.kind === 'invalid') {
      const errors = fieldErrorMap(result.errors, t);
      setAdderErrors(errors);
      setAnnouncement(Object.values(errors).join(' '));
      return;
    }
    if (result.kind === 'duplicate') {
      setAdderErrors({ day: t('hours.duplicate') });
      setAnnouncement(t('hours.duplicate'));
      return;
    }
    setAdderErrors({});
    onChange(result.hours);
    setAnnouncement(t('hours.added', { interval: label(result.interval) }));
  };

  const remove = (interval: HoursInterval) => {
    const key = intervalKey(interval);
    pendingFocus.current = focusAfterRemoval(hours, key) ?? null;
    onChange(removeInterval(hours, key));
    setAnnouncement(t('hours.removed', { interval: label(interval) }));
  };

  const addOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  const rowErrors = errorsByInterval(fieldErrors, hours);
  const generalError = fieldErrors.Hours;
  const fieldName = (field: string) =>
    field === 'open'
      ? t('hours.open')
      : field === 'close'
        ? t('hours.close')
        : field === 'day'
          ? t('hours.day')
          : '';
  const adderError = (field: string) =>
    adderErrors[field] ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {adderErrors[field]}
      </p>
    ) : null;
  const adderInvalid = (field: string) =>
    adderErrors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : {};

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
            return (
              <li
                key={key}
                className={errors ? 'hours-editor__row hours-editor__row--invalid' : 'hours-editor__row'}
              >
                <span className="hours-editor__text">{label(interval)}</span>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => remove(interval)}
                  aria-describedby={errors ? errorId : undefined}
                  data-invalid={errors ? 'true' : undefined}
                  ref={(element) => {
                    if (element) removeButtons.current.set(key, element);
                    else removeButtons.current.delete(key);
                  }}
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
        <div className="hours-editor__controls">
          <div className="field">
            <label htmlFor={`${id}-day`}>{t('hours.day')}</label>
            <select
              id={`${id}-day`}
              ref={daySelect}
              value={day}
              onChange={(event) => setDay(Number(event.target.value))}
              onKeyDown={addOnEnter}
              {...adderInvalid('day')}
            >
              {WEEKDAYS.map((d) => (
                <option key={d} value={d}>
                  {weekdayName(d, language)}
                </option>
              ))}
            </select>
            {adderError('day')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-open`}>{t('hours.open')}</label>
            <input
              id={`${id}-open`}
              type="time"
              value={open}
              onChange={(event) => setOpen(event.target.value)}
              onKeyDown={addOnEnter}
              {...adderInvalid('open')}
            />
            {adderError('open')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-close`}>{t('hours.close')}</label>
            <input
              id={`${id}-close`}
              type="time"
              value={close}
              onChange={(event) => setClose(event.target.value)}
              onKeyDown={addOnEnter}
              {...adderInvalid('close')}
            />
            {adderError('close')}
          </div>
          <button type="button" className="button button--secondary hours-editor__add" onClick={add}>
            {t('hours.add')}
          </button>
        </div>
      </fieldset>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}
