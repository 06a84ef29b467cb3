import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '#client/components/admin/unsaved-changes.tsx';
import { ErrorSummary } from '#client/components/ui/error-summary.tsx';
import { FormAlert } from '#client/components/ui/form-alert.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { ApiError } from '#client/lib/api.ts';
import { namedFieldErrors, summaryErrors } from '#client/lib/named-errors.ts';
import { assertValid } from '#client/lib/schema-errors.ts';
import { useFormErrors } from '#client/lib/use-form-errors.ts';
import { ClosureCreateSchema } from '#shared/schemas/closures.ts';
import { useAddClosure } from '../api/closures.ts';
import { buildClosurePayload, type ClosureFormValues, emptyClosureValues } from '../model/closures.ts';

interface ClosureAdderProps {
  legend: string;
  /** The closures screen: all sites or some, chosen from these; undefined while they load. */
  sites?: readonly { id: number; name: string }[];
  /** A site's own form: the closure is that site's. */
  siteId?: number;
  onAdded: (message: string) => void;
}

/**
 * Add one closure: reason, first and last day (or until further notice) and, on the closures screen,
 * which sites. A fieldset with its own button, so it also sits inside the site form: Enter in its
 * boxes adds the closure and never submits the site.
 */
export function ClosureAdder({ legend, sites, siteId, onAdded }: ClosureAdderProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const fixed = siteId !== undefined;
  const [values, setValues] = useState<ClosureFormValues>(() => emptyClosureValues(fixed ? [siteId] : []));
  const [empty] = useState(() => JSON.stringify(emptyClosureValues(fixed ? [siteId] : [])));
  const add = useAddClosure();
  const errors = useFormErrors();
  const box = useRef<HTMLFieldSetElement>(null);
  const [attempt, setAttempt] = useState(0);
  // Typed but not yet added: leaving asks first (docs/product.md R210).
  const guard = useUnsavedChanges(JSON.stringify(values) !== empty);
  const labels = useMemo(
    () => ({
      reason: t('closures.reasonLabel'),
      'translations.es.reason': t('translations.reasonEs'),
      'translations.zh.reason': t('translations.reasonZh'),
      startDate: t('closures.from'),
      endDate: t('closures.to'),
      allSites: t('closures.appliesTo'),
      siteIds: t('closures.sitesLegend'),
    }),
    [t],
  );
  const required = useMemo(
    () => ({ reason: t('required.closureReason'), startDate: t('required.closureStart') }),
    [t],
  );
  const summary = summaryErrors(errors.fields, labels, required, (label, message) =>
    t('summary.item', { label, message }),
  );
  const set = <K extends keyof ClosureFormValues>(key: K, value: ClosureFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  async function submit() {
    if (add.isPending) return;
    errors.clear();
    const payload = buildClosurePayload(values);
    try {
      assertValid(ClosureCreateSchema, payload); // the API's own rules, checked before sending
      const saved = await add.mutateAsync(payload);
      setValues(emptyClosureValues(fixed ? [siteId] : []));
      onAdded(t('closures.added', { reason: saved.reason }));
    } catch (error) {
      setAttempt((count) => count + 1);
      errors.capture(error);
      if (error instanceof ApiError && error.status === 422)
        errors.setFields((fields) => namedFieldErrors(fields, error.errors, required));
    }
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || (event.target as HTMLElement).tagName === 'BUTTON') return;
    event.preventDefault();
    void submit();
  };
  const sitesError = errors.fields.siteIds ?? errors.fields.allSites;

  return (
    <fieldset ref={box} className="closure-adder" onKeyDown={onKeyDown} aria-busy={add.isPending}>
      <legend>{legend}</legend>
      <ErrorSummary title={t('summary.title')} errors={summary} form={box} attempt={attempt} />
      {summary.length === 0 && <FormAlert kind="error">{errors.general}</FormAlert>}
      {guard.dialog}
      <TextField
        name="reason"
        label={t('closures.reasonLabel')}
        hint={t('closures.reasonHint')}
        value={values.reason}
        onChange={(event) => set('reason', event.target.value)}
        error={errors.fields.reason}
        autoComplete="off"
      />
      <TextField
        name="translations.es.reason"
        label={t('translations.reasonEs')}
        hint={t('translations.hint')}
        lang="es"
        value={values.reasonEs}
        onChange={(event) => set('reasonEs', event.target.value)}
        error={errors.fields['translations.es.reason']}
        autoComplete="off"
      />
      <TextField
        name="translations.zh.reason"
        label={t('translations.reasonZh')}
        hint={t('translations.hint')}
        lang="zh-Hant"
        value={values.reasonZh}
        onChange={(event) => set('reasonZh', event.target.value)}
        error={errors.fields['translations.zh.reason']}
        autoComplete="off"
      />
      <div className="closure-adder__dates">
        <TextField
          name="startDate"
          label={t('closures.from')}
          type="date"
          value={values.startDate}
          onChange={(event) => set('startDate', event.target.value)}
          error={errors.fields.startDate}
        />
        <TextField
          name="endDate"
          label={t('closures.to')}
          hint={t('closures.toHint')}
          type="date"
          value={values.untilFurtherNotice ? '' : values.endDate}
          disabled={values.untilFurtherNotice}
          onChange={(event) => set('endDate', event.target.value)}
          error={errors.fields.endDate}
        />
      </div>
      <p className="closure-adder__check">
        <input
          id={`${id}-open-ended`}
          type="checkbox"
          checked={values.untilFurtherNotice}
          onChange={(event) => set('untilFurtherNotice', event.target.checked)}
        />
        <label htmlFor={`${id}-open-ended`}>{t('closures.untilFurtherNotice')}</label>
      </p>
      {!fixed && (
        <fieldset
          className="closure-adder__sites"
          aria-describedby={sitesError ? `${id}-sites-error` : undefined}
        >
          <legend>{t('closures.appliesTo')}</legend>
          {sitesError && (
            <p
              id={`${id}-sites-error`}
              className="field-error"
              data-invalid="true"
              data-field="siteIds"
              tabIndex={-1}
            >
              {sitesError}
            </p>
          )}
          <p className="closure-adder__check">
            <input
              id={`${id}-all`}
              type="radio"
              name={`${id}-applies`}
              checked={values.allSites}
              onChange={() => set('allSites', true)}
            />
            <label htmlFor={`${id}-all`}>{t('closures.appliesAll')}</label>
          </p>
          <p className="closure-adder__check">
            <input
              id={`${id}-some`}
              type="radio"
              name={`${id}-applies`}
              checked={!values.allSites}
              onChange={() => set('allSites', false)}
            />
            <label htmlFor={`${id}-some`}>{t('closures.appliesSome')}</label>
          </p>
          {!values.allSites && (
            <fieldset className="checklist">
              <legend>{t('closures.sitesLegend')}</legend>
              {!sites && <p className="checklist__note">{t('closures.sitesLoading')}</p>}
              {sites && (
                <ul className="checklist__items">
                  {sites.map((site) => (
                    <li key={site.id}>
                      <input
                        id={`${id}-site-${site.id}`}
                        type="checkbox"
                        checked={values.siteIds.includes(site.id)}
                        onChange={(event) =>
                          set(
                            'siteIds',
                            event.target.checked
                              ? [...values.siteIds, site.id]
                              : values.siteIds.filter((s) => s !== site.id),
                          )
                        }
                      />
                      <label htmlFor={`${id}-site-${site.id}`}>{site.name}</label>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
          )}
        </fieldset>
      )}
      <button type="button" className="button" onClick={() => void submit()}>
        {add.isPending ? t('closures.adding') : t('closures.add')}
      </button>
    </fieldset>
  );
}
