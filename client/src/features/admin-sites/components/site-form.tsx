import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '#client/components/admin/confirm-dialog.tsx';
import { ConflictAlert } from '#client/components/admin/conflict-alert.tsx';
import { LastUpdated } from '#client/components/admin/last-updated.tsx';
import { useSaveErrors } from '#client/components/admin/use-save-errors.ts';
import { FormAlert } from '#client/components/ui/form-alert.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { assertValid } from '#client/lib/schema-errors.ts';
import {
  REFERENCE_LIST_NAMES,
  REFERENCE_LISTS,
  type ReferenceListName,
} from '#shared/schemas/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import type { useReferenceLists } from '../api/reference-lists.ts';
import { useDeleteSite, useSaveSite } from '../api/site.ts';
import { clearDraft, peekDraft, saveDraft } from '../model/draft.ts';
import {
  buildSitePayload,
  emptySiteValues,
  type SiteFormValues,
  siteSchemaFor,
  siteValuesFrom,
} from '../model/site-form.ts';
import { Checklist } from './checklist.tsx';
import { CoordinatesField } from './coordinates-field.tsx';
import { HoursEditor } from './hours-editor.tsx';
import '../admin-sites.css';

export interface SiteFormProps {
  /** The stored site when editing; absent when creating. */
  site?: Site;
  lists: ReturnType<typeof useReferenceLists>;
  /** The editor route of each list, e.g. nutritionpartners → '/partners'. */
  listPath: (list: ReferenceListName) => string;
  /** Fetches the latest version; the form is rebuilt from it (after a 409, when the admin chooses). */
  onReload: () => void;
  reloading: boolean;
  /** Saved, and the server found no map position for the address (docs/product.md R66). */
  onGeocodeWarning: (site: Site) => void;
  geocodeWarning: boolean;
  /**
   * The site's closures, drawn after the lists by the screen that composes this form: given the
   * site's id (none before it is saved) and the names of the ticked statuses that mean "closed".
   */
  closures?: (context: { siteId: number | undefined; closingStatuses: string[] }) => ReactNode;
}

/** The site editor ("Site form", docs/product.md R53–R58): its failures, conflicts and history. */
export function SiteForm(props: SiteFormProps) {
  const { site, lists, listPath, onReload, reloading, onGeocodeWarning, geocodeWarning, closures } = props;
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const siteId = site?.id;
  const editing = site !== undefined;

  // A draft is the admin's own unsaved copy from before they followed an 'add'/'edit' link.
  const [draft] = useState(() => peekDraft(siteId));
  const [values, setValues] = useState<SiteFormValues>(
    () => draft?.values ?? (site ? siteValuesFrom(site) : emptySiteValues()),
  );
  const [version] = useState(() => draft?.version ?? site?.version);
  useEffect(() => clearDraft(siteId), [siteId]);

  const errors = useSaveErrors(form);
  const save = useSaveSite(siteId);
  const remove = useDeleteSite(siteId ?? 0);
  const [confirming, setConfirming] = useState(false);
  const busy = save.isPending || remove.isPending;

  const set = <K extends keyof SiteFormValues>(key: K, value: SiteFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const text = (key: 'name' | 'nameEs' | 'nameZh' | 'address' | 'phoneNumber' | 'email' | 'website') => ({
    name: key,
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
    error: errors.fields[key],
    autoComplete: 'off',
  });
  const keepDraft = () => saveDraft(siteId, { version, values });

  const available = Object.fromEntries(
    REFERENCE_LIST_NAMES.flatMap((list) => {
      const items = lists.items[list];
      return items ? [[list, items.map((item) => item.id)]] : [];
    }),
  );

  const closingStatuses = (lists.items.covidstatuses ?? [])
    .filter((item) => item.closesSite && values.lists.covidstatuses.includes(item.id))
    .map((item) => item.name);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    errors.clear();
    const payload = buildSitePayload(values, { version: editing ? version : undefined, available });
    try {
      assertValid(siteSchemaFor(editing), payload);
      const saved = await save.mutateAsync(payload);
      if (saved.geocodeWarning) onGeocodeWarning(saved);
      else navigate('/sites/');
    } catch (error) {
      errors.fail(error);
    }
  }

  async function confirmDelete() {
    if (!site || busy) return;
    try {
      await remove.mutateAsync(version ?? site.version);
      navigate('/sites/');
    } catch (error) {
      setConfirming(false);
      errors.clear();
      errors.fail(error);
    }
  }

  return (
    <section className="admin-form">
      <h1>{t('site.title')}</h1>
      {site && <LastUpdated historyPath={`/api/sites/${site.id}/history`} updatedAt={site.updatedAt} />}
      {geocodeWarning && (
        <div role="alert" className="alert alert--info">
          <p>{t('site.geocodeWarning')}</p>
          <p>
            <Link to="/sites/">{t('backToSites')}</Link>
          </p>
        </div>
      )}
      {draft && (
        <p role="status" className="alert alert--info">
          {t('draftRestored')}
        </p>
      )}
      {errors.conflict ? (
        <ConflictAlert onReload={onReload} reloading={reloading} />
      ) : (
        <FormAlert kind="error">{errors.general}</FormAlert>
      )}
      <form ref={form} noValidate onSubmit={submit} aria-busy={busy}>
        <TextField label={t('fields.nameRequired')} {...text('name')} />
        <TextField
          label={t('translations.nameEs')}
          hint={t('translations.siteHint')}
          lang="es"
          {...text('nameEs')}
          error={errors.fields['translations.es.name']}
        />
        <TextField
          label={t('translations.nameZh')}
          hint={t('translations.siteHint')}
          lang="zh-Hant"
          {...text('nameZh')}
          error={errors.fields['translations.zh.name']}
        />
        <TextField label={t('fields.addressRequired')} hint={t('site.addressHint')} {...text('address')} />
        <TextField
          label={t('fields.phoneNumber')}
          hint={t('fields.phoneHint')}
          type="tel"
          inputMode="tel"
          {...text('phoneNumber')}
        />
        <TextField label={t('fields.email')} type="email" {...text('email')} />
        <TextField
          label={t('fields.website')}
          inputMode="url"
          hint={t('fields.websiteHint')}
          {...text('website')}
        />
        <CoordinatesField
          lat={values.lat}
          lng={values.lng}
          onChange={(lat, lng) => setValues((current) => ({ ...current, lat, lng, pinMoved: true }))}
          fieldErrors={errors.fields}
        />
        <HoursEditor
          hours={values.hours}
          onChange={(hours) => set('hours', hours)}
          fieldErrors={errors.fields}
        />
        {REFERENCE_LIST_NAMES.map((list) => (
          <Checklist
            key={list}
            list={list}
            items={lists.items[list]}
            failed={Boolean(lists.error) && !lists.pending}
            onRetry={() => void lists.refetch()}
            selected={values.lists[list]}
            onChange={(ids) => set('lists', { ...values.lists, [list]: ids })}
            error={errors.fields[REFERENCE_LISTS[list].idsKey]}
            basePath={listPath(list)}
            onLeave={keepDraft}
          />
        ))}
        {closures?.({ siteId, closingStatuses })}
        {busy && (
          <p role="status" className="form-progress">
            {save.isPending ? t('saving') : t('deleting')}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button">
            {t('submit')}
          </button>
          {editing && (
            <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
              {t('delete')}
            </button>
          )}
          <Link to="/sites/" className="button button--secondary">
            {t('cancel')}
          </Link>
        </div>
      </form>
      {site && (
        <ConfirmDialog
          open={confirming}
          title={t('site.deleteTitle')}
          confirmLabel={t('site.deleteConfirm')}
          cancelLabel={t('cancel')}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(false)}
          busy={remove.isPending}
        >
          <p>{t('site.deleteText', { name: site.name })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
