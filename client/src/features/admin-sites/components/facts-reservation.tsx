import { useTranslation } from 'react-i18next';
import { TextField } from '#client/components/ui/text-field.tsx';
import { weekdayName } from '#shared/format-hours.ts';
import { RESERVATION_POLICIES } from '#shared/site-facts.ts';
import type { FactsFormValues } from '../model/facts-form.ts';
import { ChoiceGroup } from './facts-choice-group.tsx';
import { YesNoGroup } from './facts-yes-no.tsx';

export interface FactGroupProps {
  values: FactsFormValues;
  set: <K extends keyof FactsFormValues>(key: K, value: FactsFormValues[K]) => void;
  fieldErrors: Record<string, string | undefined>;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;

/** Whether to reserve, how far ahead, on which phone and page, when the line is answered, walk-ins. */
export function ReservationFields({ values, set, fieldErrors }: FactGroupProps) {
  const { t, i18n } = useTranslation('admin-facts');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const leadPath = values.leadUnit === 'hours' ? 'facts.reserveHours' : 'facts.reserveDays';
  return (
    <fieldset className="fact-group">
      <legend>{t('reservation.legend')}</legend>
      <ChoiceGroup
        legend={t('reservation.policy')}
        name="facts.reservation"
        value={values.reservation}
        choices={[
          { value: '', label: t('unknown') },
          ...RESERVATION_POLICIES.map((policy) => ({ value: policy, label: t(`reservation.${policy}`) })),
        ]}
        onChange={(value) => set('reservation', value)}
        error={fieldErrors['facts.reservation']}
      />
      <ChoiceGroup
        legend={t('reservation.leadUnit')}
        name="leadUnit"
        value={values.leadUnit}
        choices={[
          { value: 'days', label: t('reservation.days') },
          { value: 'hours', label: t('reservation.hours') },
        ]}
        onChange={(value) => set('leadUnit', value as 'hours' | 'days')}
      />
      <TextField
        name={leadPath}
        label={values.leadUnit === 'hours' ? t('reservation.leadHours') : t('reservation.leadDays')}
        hint={values.leadUnit === 'days' ? t('reservation.leadDaysHint') : undefined}
        inputMode="numeric"
        autoComplete="off"
        value={values.lead}
        onChange={(event) => set('lead', event.target.value)}
        error={fieldErrors[leadPath]}
      />
      {values.leadUnit === 'days' && (
        <TextField
          name="facts.reserveBy"
          type="time"
          label={t('reservation.by')}
          value={values.reserveBy}
          onChange={(event) => set('reserveBy', event.target.value)}
          error={fieldErrors['facts.reserveBy']}
        />
      )}
      <TextField
        name="facts.reservePhone"
        type="tel"
        inputMode="tel"
        label={t('reservation.phone')}
        hint={t('reservation.phoneHint')}
        autoComplete="off"
        value={values.reservePhone}
        onChange={(event) => set('reservePhone', event.target.value)}
        error={fieldErrors['facts.reservePhone']}
      />
      <fieldset className="field fact-weekdays">
        <legend>{t('reservation.phoneDays')}</legend>
        {WEEKDAYS.map((day) => (
          <label key={day} className="choice">
            <input
              type="checkbox"
              name={day === 1 ? 'facts.reservePhoneDays' : undefined}
              checked={values.reservePhoneDays.includes(day)}
              onChange={(event) =>
                set(
                  'reservePhoneDays',
                  event.target.checked
                    ? [...values.reservePhoneDays, day]
                    : values.reservePhoneDays.filter((d) => d !== day),
                )
              }
            />{' '}
            {weekdayName(day, language)}
          </label>
        ))}
        {fieldErrors['facts.reservePhoneDays'] && (
          <p className="field-error">{fieldErrors['facts.reservePhoneDays']}</p>
        )}
      </fieldset>
      <TextField
        name="facts.reservePhoneOpen"
        type="time"
        label={t('reservation.phoneOpen')}
        value={values.reservePhoneOpen}
        onChange={(event) => set('reservePhoneOpen', event.target.value)}
        error={fieldErrors['facts.reservePhoneOpen']}
      />
      <TextField
        name="facts.reservePhoneClose"
        type="time"
        label={t('reservation.phoneClose')}
        value={values.reservePhoneClose}
        onChange={(event) => set('reservePhoneClose', event.target.value)}
        error={fieldErrors['facts.reservePhoneClose']}
      />
      <TextField
        name="facts.reserveUrl"
        inputMode="url"
        label={t('reservation.url')}
        autoComplete="off"
        value={values.reserveUrl}
        onChange={(event) => set('reserveUrl', event.target.value)}
        error={fieldErrors['facts.reserveUrl']}
      />
      <YesNoGroup
        fact="walkIns"
        legend={t('reservation.walkIns')}
        values={values}
        set={set}
        fieldErrors={fieldErrors}
      />
    </fieldset>
  );
}
