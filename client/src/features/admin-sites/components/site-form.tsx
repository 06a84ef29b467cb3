/** The staff form that adds, edits and deletes one site, with its failures, conflicts and drafts. */
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '#client/components/admin/confirm-dialog.tsx';
import { ConflictMerge } from '#client/components/admin/conflict-merge.tsx';
import {
  type DuplicateCandidate,
  DuplicateWarning,
  duplicateCandidates,
} from '#client/components/admin/duplicate-warning.tsx';
import { LastUpdated } from '#client/components/admin/last-updated.tsx';
import { useUnsavedChanges } from '#client/components/admin/unsaved-changes.tsx';
import { useConflictMerge } from '#client/components/admin/use-conflict-merge.ts';
import { useSaveErrors } from '#client/components/admin/use-save-errors.ts';
import { ErrorSummary } from '#client/components/ui/error-summary.tsx';
import { FormAlert } from '#client/components/ui/form-alert.tsx';
import { ApiError } from '#client/lib/api.ts';
import { previousPath, setFlash } from '#client/lib/flash.ts';
import { assertValid } from '#client/lib/schema-errors.ts';
import {
  REFERENCE_LIST_NAMES,
  REFERENCE_LISTS,
  type ReferenceListName,
} from '#shared/schemas/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import type { useReferenceLists } from '../api/reference-lists.ts';
import { fetchSite, useDeleteSite, useSaveSite } from '../api/site.ts';
import { clearDraft, peekDraft, saveDraft } from '../model/draft.ts';
import {
  buildSitePayload,
  emptySiteValues,
  type SiteFormValues,
  siteSchemaFor,
  siteValuesFrom,
} from '../model/site-form.ts';
import { Checklist } from './checklist.tsx';
import { ConfirmActions } from './confirm-actions.tsx';
import { CoordinatesField } from './coordinates-field.tsx';
import { FactsSection } from './facts-section.tsx';
import { HoursEditor } from './hours-editor.tsx';
import { SiteFormActions } from './site-form-actions.tsx';
import { SiteTextFields } from './site-text-fields.tsx';
import { useSiteFormWords } from './use-site-form-words.ts';
import '../admin-sites.css';
import { apiRoutes, fillPath } from '#shared/api-paths.ts';

export interface SiteFormProps {
  /** The stored site when editing; absent when creating. */
  site?: Site;
  lists: ReturnType<typeof useReferenceLists>;
  /** The editor route of each list, e.g. nutritionpartners → '/partners'. */
  listPath: (list: ReferenceListName) => string;
  /** Saved, and the server found no map position for the address (docs/product.md R66). */
  onGeocodeWarning: (site: Site) => void;
  geocodeWarning: boolean;
  /**
   * The site's closures, drawn after the lists by the screen that composes this form: given the
   * site's id (none before it is saved) and the names of the ticked statuses that mean "closed".
   */
  closures?: (context: { siteId: number | undefined; closingStatuses: string[] }) => ReactNode;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Where a saved form returns the clerk (docs/product.md R213, R474): where they came from when that
 * was the workspace or a site's page, else the list of sites (where "Add new site" and each row's
 * edit link are, and where a form opened by its address goes).
 */
function returnPath() {
  const from = previousPath();
  return from !== null && (from === '/admin' || /^\/sites\/\d+$/.test(from)) ? from : '/sites/';
}

/**
 * The site editor ("Site form", docs/product.md R53–R58, R210–R217): its failures (summarised at the
 * top), conflicts (merged field by field), possible duplicates, unsaved changes and history.
 */
export function SiteForm(props: SiteFormProps) {
  const { site, lists, listPath, onGeocodeWarning, geocodeWarning, closures } = props;
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
  // The version the form is based on and its values: what it was loaded with, or after a conflict the
  // version saved since (docs/product.md R211).
  const { base, merge, clearMerge, resolve, choose } = useConflictMerge(
    () => ({
      version: draft?.version ?? site?.version,
      values: site ? siteValuesFrom(site) : emptySiteValues(),
    }),
    setValues,
  );
  const version = base.version;
  useEffect(() => clearDraft(siteId), [siteId]);
  const [back, setBack] = useState('/sites/');
  useEffect(() => setBack(returnPath()), []);

  const { labels, required, specs } = useSiteFormWords(lists.items);
  const errors = useSaveErrors({ labels, required });
  const save = useSaveSite(siteId);
  const remove = useDeleteSite(siteId ?? 0);
  const [confirming, setConfirming] = useState(false);
  const [duplicates, setDuplicates] = useState<DuplicateCandidate[] | null>(null);
  const busy = save.isPending || remove.isPending;
  const dirty = !same(values, base.values);
  const guard = useUnsavedChanges(dirty);

  const set = <K extends keyof SiteFormValues>(key: K, value: SiteFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
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

  /** A 409: a possible duplicate (its candidates), or a version conflict (compare with the version now). */
  async function onConflict(error: ApiError) {
    const candidates = duplicateCandidates(error.body);
    if (candidates) {
      setDuplicates(candidates);
      return;
    }
    const stored = error.body.current as Site | undefined;
    let current = stored;
    if (!current && siteId !== undefined) {
      try {
        current = await fetchSite(siteId);
      } catch (reloadError) {
        errors.fail(reloadError);
        return;
      }
    }
    if (current) resolve(specs, current, siteValuesFrom(current), values);
  }

  async function send(confirmDuplicate: boolean) {
    if (busy) return;
    errors.clear();
    setDuplicates(null);
    const payload = buildSitePayload(values, { version: editing ? version : undefined, available });
    try {
      assertValid(siteSchemaFor(editing), payload);
      const saved = await save.mutateAsync(
        confirmDuplicate ? { ...payload, confirmDuplicate: true } : payload,
      );
      clearMerge();
      if (saved.geocodeWarning) {
        onGeocodeWarning(saved);
        return;
      }
      guard.release();
      setFlash(t('savedSite', { name: saved.name }));
      navigate(returnPath());
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        errors.fail(error);
        await onConflict(error);
      } else errors.fail(error);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void send(false);
  }

  async function confirmDelete() {
    if (!site || busy) return;
    try {
      await remove.mutateAsync(version ?? site.version);
      guard.release();
      setFlash(t('deletedSite', { name: site.name }));
      navigate(previousPath() === '/admin' ? '/admin' : '/sites/');
    } catch (error) {
      setConfirming(false);
      errors.clear();
      errors.fail(error);
      if (error instanceof ApiError && error.status === 409) await onConflict(error);
    }
  }

  return (
    <section className="admin-form">
      <h1>{site ? t('site.editTitle', { name: site.name }) : t('site.addTitle')}</h1>
      {site && (
        <LastUpdated
          historyPath={fillPath(apiRoutes.siteHistory, { id: site.id })}
          updatedAt={site.updatedAt}
          historyScreen={`/sites/${site.id}/history`}
        />
      )}
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
      <ErrorSummary title={t('summary.title')} errors={errors.summary} form={form} attempt={errors.attempt} />
      {errors.summary.length === 0 && !errors.conflict && (
        <FormAlert kind="error">{errors.general}</FormAlert>
      )}
      {merge && !duplicates && (
        <ConflictMerge
          changes={merge.changes}
          choices={merge.choices}
          onChoose={(key, choice) => choose(specs, key, choice)}
        />
      )}
      {duplicates && (
        <DuplicateWarning
          candidates={duplicates}
          busy={busy}
          onSaveAnyway={() => void send(true)}
          onStop={() => setDuplicates(null)}
        />
      )}
      <form ref={form} noValidate onSubmit={submit} aria-busy={busy}>
        <SiteTextFields values={values} fieldErrors={errors.fields} onChange={set} />
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
        <FactsSection
          values={values.facts}
          onChange={(facts) => set('facts', facts)}
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
        <SiteFormActions
          busy={busy}
          saving={save.isPending}
          editing={editing}
          back={back}
          onDelete={() => setConfirming(true)}
        />
        {siteId !== undefined && <ConfirmActions siteId={siteId} />}
      </form>
      {guard.dialog}
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
