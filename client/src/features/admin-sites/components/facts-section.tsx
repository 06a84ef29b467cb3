import { useTranslation } from 'react-i18next';
import { TextField } from '#client/components/ui/text-field.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';
import type { Language } from '#shared/languages.ts';
import {
  ACCESS_FEATURES,
  COST_KINDS,
  ELIGIBLE_COMPANIONS,
  type FACT_NOTES,
  FIRST_VISIT_NEEDS,
  SPOKEN_LANGUAGE_CODES,
  SPOKEN_LANGUAGES,
} from '#shared/site-facts.ts';
import type { FactsFormValues } from '../model/facts-form.ts';
import { ChoiceGroup } from './facts-choice-group.tsx';
import { FactNoteFields } from './facts-notes.tsx';
import { type FactGroupProps, ReservationFields } from './facts-reservation.tsx';
import { YesNoGroup } from './facts-yes-no.tsx';

addNamespace('admin-facts');

interface FactsSectionProps {
  values: FactsFormValues;
  onChange: (values: FactsFormValues) => void;
  fieldErrors: Record<string, string | undefined>;
}

/**
 * "Before you go" on the site form (docs/product.md R535–R538): a fieldset per group of facts, each
 * fact "not known" until someone answers it, and the notes in three languages.
 */
export function FactsSection({ values, onChange, fieldErrors }: FactsSectionProps) {
  const { t, i18n } = useTranslation('admin-facts');
  const language = (i18n.resolvedLanguage ?? i18n.language ?? 'en').slice(0, 2) as Language;
  const set: FactGroupProps['set'] = (key, value) => onChange({ ...values, [key]: value });
  const group = { values, set, fieldErrors };
  const notes = (note: (typeof FACT_NOTES)[number]) => (
    <FactNoteFields
      note={note}
      notes={values.notes}
      onChange={(next) => set('notes', next)}
      fieldErrors={fieldErrors}
    />
  );
  const money = (key: 'suggestedAmount' | 'guestPrice') => (
    <TextField
      name={`facts.${key}`}
      label={t(`cost.${key}`)}
      hint={t('cost.amountHint')}
      inputMode="decimal"
      autoComplete="off"
      value={values[key]}
      onChange={(event) => set(key, event.target.value)}
      error={fieldErrors[`facts.${key}`]}
    />
  );
  return (
    <section className="facts-section" aria-labelledby="facts-heading">
      <h2 id="facts-heading">{t('heading')}</h2>
      <p className="field-hint">{t('intro')}</p>
      <ReservationFields {...group} />
      {notes('reservation')}
      <fieldset className="fact-group">
        <legend>{t('cost.legend')}</legend>
        <ChoiceGroup
          legend={t('cost.kind')}
          name="facts.cost"
          value={values.cost}
          choices={[
            { value: '', label: t('unknown') },
            ...COST_KINDS.map((kind) => ({ value: kind, label: t(`cost.${kind}`) })),
          ]}
          onChange={(value) => set('cost', value)}
          error={fieldErrors['facts.cost']}
        />
        {money('suggestedAmount')}
        {money('guestPrice')}
        {notes('cost')}
      </fieldset>
      <fieldset className="fact-group">
        <legend>{t('eligibility.legend')}</legend>
        {ELIGIBLE_COMPANIONS.map((fact) => (
          <YesNoGroup key={fact} fact={fact} legend={t(`eligibility.${fact}`)} {...group} />
        ))}
        {notes('eligibility')}
      </fieldset>
      <fieldset className="fact-group">
        <legend>{t('firstVisit.legend')}</legend>
        <ChoiceGroup
          legend={t('firstVisit.need')}
          name="facts.firstVisit"
          value={values.firstVisit}
          choices={[
            { value: '', label: t('unknown') },
            ...FIRST_VISIT_NEEDS.map((need) => ({ value: need, label: t(`firstVisit.${need}`) })),
          ]}
          onChange={(value) => set('firstVisit', value)}
          error={fieldErrors['facts.firstVisit']}
        />
        {notes('firstVisit')}
      </fieldset>
      <fieldset className="fact-group fact-languages">
        <legend>{t('languages.legend')}</legend>
        <p className="field-hint">{t('languages.hint')}</p>
        {SPOKEN_LANGUAGE_CODES.map((code, index) => (
          <label key={code} className="choice">
            <input
              type="checkbox"
              name={index === 0 ? 'facts.languages' : undefined}
              checked={values.languages.includes(code)}
              onChange={(event) =>
                set(
                  'languages',
                  event.target.checked
                    ? [...values.languages, code]
                    : values.languages.filter((c) => c !== code),
                )
              }
            />{' '}
            {SPOKEN_LANGUAGES[code]?.[language] ?? code}
          </label>
        ))}
        {fieldErrors['facts.languages'] && <p className="field-error">{fieldErrors['facts.languages']}</p>}
      </fieldset>
      <fieldset className="fact-group">
        <legend>{t('access.legend')}</legend>
        {ACCESS_FEATURES.map((fact) => (
          <YesNoGroup key={fact} fact={fact} legend={t(`access.${fact}`)} {...group} />
        ))}
        {notes('access')}
      </fieldset>
      <fieldset className="fact-group">
        <legend>{t('transport.legend')}</legend>
        <YesNoGroup fact="transport" legend={t('transport.rides')} {...group} />
        <TextField
          name="facts.transportPhone"
          type="tel"
          inputMode="tel"
          label={t('transport.phone')}
          autoComplete="off"
          value={values.transportPhone}
          onChange={(event) => set('transportPhone', event.target.value)}
          error={fieldErrors['facts.transportPhone']}
        />
        {notes('transport')}
        {notes('transit')}
      </fieldset>
      <fieldset className="fact-group">
        <legend>{t('about.legend')}</legend>
        {notes('about')}
        {notes('activities')}
      </fieldset>
    </section>
  );
}
