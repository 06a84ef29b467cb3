import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { weekdayName } from '#shared/format-hours.ts';
import { EDITOR_WEEKDAYS, type EditorInterval, normalizeWeeks } from '../model/hours.ts';
import { enterDoes, TimeField, useIntervalLabel, WeeksPicker } from './interval-fields.tsx';

/** One interval edited where it is listed: its day, times and weeks; Save or Cancel. */
export function IntervalEditor({
  interval,
  onSave,
  onCancel,
}: {
  interval: EditorInterval;
  onSave: (edited: EditorInterval) => Record<string, string> | undefined;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const label = useIntervalLabel();
  const id = useId();
  const [day, setDay] = useState(interval.day);
  const [open, setOpen] = useState(interval.open);
  const [close, setClose] = useState(interval.close);
  const [weeks, setWeeks] = useState(normalizeWeeks(interval.weeks));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);

  const save = () => setErrors(onSave({ day, open, close, ...(weeks ? { weeks } : {}) }) ?? {});
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else enterDoes(save)(event);
  };

  return (
    <fieldset className="hours-editor__edit">
      <legend>{t('hours.editLegend', { interval: label(interval) })}</legend>
      {errors.general && <p className="field-error">{errors.general}</p>}
      <div className="hours-editor__controls">
        <div className="field">
          <label htmlFor={`${id}-day`}>{t('hours.day')}</label>
          <select
            id={`${id}-day`}
            ref={first}
            value={day}
            onChange={(event) => setDay(Number(event.target.value))}
            onKeyDown={onKeyDown}
            aria-invalid={errors.day ? true : undefined}
          >
            {EDITOR_WEEKDAYS.map((d) => (
              <option key={d} value={d}>
                {weekdayName(d, language)}
              </option>
            ))}
          </select>
          {errors.day && <p className="field-error">{errors.day}</p>}
        </div>
        <TimeField
          id={`${id}-open`}
          label={t('hours.open')}
          value={open}
          onChange={setOpen}
          onKeyDown={onKeyDown}
          error={errors.open}
        />
        <TimeField
          id={`${id}-close`}
          label={t('hours.close')}
          value={close}
          onChange={setClose}
          onKeyDown={onKeyDown}
          error={errors.close}
        />
      </div>
      <WeeksPicker weeks={weeks} onChange={setWeeks} onKeyDown={onKeyDown} />
      <div className="hours-editor__row-actions">
        <button type="button" className="button" onClick={save}>
          {t('hours.saveInterval')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </fieldset>
  );
}
