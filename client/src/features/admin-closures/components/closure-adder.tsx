import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '#client/components/ui/form-alert.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
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
  const add = useAddClosure();
  const errors = useFormErrors();
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
      errors.capture(error);
    }
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || (event.target as HTMLElement).tagName === 'BUTTON') return;
    event.preventDefault();
    void submit();
  };
  const sitesError = errors.fields.siteIds ?? errors.fields.allSites;

  return (
    <fieldset className="closure-adder" onKeyDown={onKeyDown} aria-busy={add.isPending}>
      <legend>{legend}</legend>
      <FormAlert kind="error">{errors.general}</FormAlert>
      <TextField
        label={t('closures.reasonLabel')}
        hint={t('closures.reasonHint')}
        value={values.reason}
        onChange={(event) => set('reason', event.target.value)}
        error={errors.fields.reason}
        autoComplete="off"
      />
      <TextField
        label={t('translations.reasonEs')}
        hint={t('translations.hint')}
        lang="es"
        value={values.reasonEs}
        onChange={(event) => set('reasonEs', event.target.value)}
        error={errors.fields['translations.es.reason']}
        autoComplete="off"
      />
      <TextField
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
          label={t('closures.from')}
          type="date"
          value={values.startDate}
          onChange={(event) => set('startDate', event.target.value)}
          error={errors.fields.startDate}
        />
        <TextField
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
            <p id={`${id}-sites-error`} className="field-error" data-invalid="true" tabIndex={-1}>
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
