/** The staff form that adds, edits and deletes one item of a reference list. */
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '#client/components/admin/confirm-dialog.tsx';
import { ConflictMerge } from '#client/components/admin/conflict-merge.tsx';
import { LastUpdated } from '#client/components/admin/last-updated.tsx';
import { useUnsavedChanges } from '#client/components/admin/unsaved-changes.tsx';
import { useConflictMerge } from '#client/components/admin/use-conflict-merge.ts';
import { useSaveErrors } from '#client/components/admin/use-save-errors.ts';
import { ErrorSummary } from '#client/components/ui/error-summary.tsx';
import { FormAlert } from '#client/components/ui/form-alert.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { ApiError, api } from '#client/lib/api.ts';
import { setFlash } from '#client/lib/flash.ts';
import { assertValid } from '#client/lib/schema-errors.ts';
import { apiPaths, apiRoutes, fillPath } from '#shared/api-paths.ts';
import {
  REFERENCE_LISTS,
  type ReferenceItem,
  type ReferenceListName,
} from '#shared/schemas/reference-lists.ts';
import { fetchUsage, useDeleteReferenceItem, useSaveReferenceItem } from '../api/item.ts';
import { itemConflictSpecs, type TextKey } from '../model/item-conflict.ts';
import {
  buildItemPayload,
  hasClosesSite,
  hasContactFields,
  type ItemFormValues,
  itemSchemaFor,
  itemValuesFrom,
} from '../model/item-form.ts';
import '#client/components/admin/admin.css';
import '../admin-reference-lists.css';

interface ReferenceFormProps {
  list: ReferenceListName;
  /** The stored item when editing; absent when creating. */
  item?: ReferenceItem;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The one form for all five reference lists (docs/architecture.md §4.2): a name, plus phone, e-mail
 * and website for nutrition partners, and "Means the site is closed" for covid statuses. After a save or a delete the admin goes back one page
 * (docs/product.md R59) — to /sites when this page was opened directly.
 */
export function ReferenceForm({ list, item }: ReferenceFormProps) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const closesSiteId = useId();
  const [values, setValues] = useState<ItemFormValues>(() => itemValuesFrom(item));
  const { base, merge, clearMerge, resolve, choose } = useConflictMerge(
    () => ({ version: item?.version, values: itemValuesFrom(item) }),
    setValues,
  );
  const kind = t(`lists.${list}.kind`);
  const labels = useMemo(
    () => ({
      name: t('fields.nameRequired'),
      'translations.es.name': t('translations.nameEs'),
      'translations.zh.name': t('translations.nameZh'),
      phoneNumber: t('fields.phoneNumber'),
      email: t('fields.email'),
      website: t('fields.website'),
    }),
    [t],
  );
  const required = useMemo(() => ({ name: t('required.itemName', { kind }) }), [t, kind]);
  const errors = useSaveErrors({ labels, required });
  const save = useSaveReferenceItem(list, item?.id);
  const remove = useDeleteReferenceItem(list, item?.id ?? 0);
  const [usage, setUsage] = useState<number | null>(null);
  const [checkingUsage, setCheckingUsage] = useState(false);
  const busy = save.isPending || remove.isPending || checkingUsage;
  const guard = useUnsavedChanges(!same(values, base.values));

  const specs = useMemo(() => itemConflictSpecs(list, t), [t, list]);

  /** Back one page (docs/product.md R59), to /sites when this page was opened directly. */
  const goBack = () => (location.key === 'default' ? navigate('/sites') : navigate(-1));
  const field = (key: TextKey) => ({
    name: key,
    value: values[key],
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [key]: event.target.value })),
    error: errors.fields[key],
    autoComplete: 'off',
  });

  /** A version conflict: compare the version now (sent with the 409, or fetched) with the one loaded. */
  async function onConflict(error: ApiError) {
    let current = error.body.current as ReferenceItem | undefined;
    if (!current && item) {
      try {
        current = await api<ReferenceItem>(apiPaths.listItem(list, item.id));
      } catch (reloadError) {
        errors.fail(reloadError);
        return;
      }
    }
    if (current) resolve(specs, current, itemValuesFrom(current), values);
  }

  /** The list's own words for a name already taken ("A meal type with this name already exists."). */
  function failed(error: unknown) {
    errors.fail(error);
    if (
      error instanceof ApiError &&
      error.errors.some((e) => e.path === 'name' && (e.code as string) === 'already_exists')
    ) {
      errors.setFields((fields) => ({ ...fields, name: t(`lists.${list}.alreadyExists`) }));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    errors.clear();
    const payload = buildItemPayload(list, values, base.version);
    try {
      assertValid(itemSchemaFor(list), payload);
      const saved = await save.mutateAsync(payload);
      clearMerge();
      guard.release();
      setFlash(t('savedItem', { name: saved.name, kind }));
      goBack();
    } catch (error) {
      failed(error);
      if (error instanceof ApiError && error.status === 409) await onConflict(error);
    }
  }

  /** Before deleting, say how many sites use the item. */
  async function askToDelete() {
    if (!item || busy) return;
    errors.clear();
    setCheckingUsage(true);
    try {
      setUsage((await fetchUsage(list, item.id)).sites);
    } catch (error) {
      errors.fail(error);
    } finally {
      setCheckingUsage(false);
    }
  }

  async function confirmDelete() {
    if (!item || remove.isPending) return;
    try {
      await remove.mutateAsync(base.version ?? 0);
      guard.release();
      setFlash(t('deletedItem', { name: item.name, kind }));
      goBack();
    } catch (error) {
      setUsage(null);
      errors.fail(error);
      if (error instanceof ApiError && error.status === 409) await onConflict(error);
    }
  }

  const title = item
    ? t('item.editTitle', { name: item.name, kind })
    : t(REFERENCE_LISTS[list].i18n.admin.add);
  return (
    <section className="admin-form">
      <h1>{title}</h1>
      {item && (
        <LastUpdated
          historyPath={fillPath(apiRoutes.listItemHistory(list), { id: item.id })}
          updatedAt={item.updatedAt}
          historyScreen={`/admin/${REFERENCE_LISTS[list].adminSegment}/${item.id}/history`}
        />
      )}
      <ErrorSummary title={t('summary.title')} errors={errors.summary} form={form} attempt={errors.attempt} />
      {errors.summary.length === 0 && !errors.conflict && (
        <FormAlert kind="error">{errors.general}</FormAlert>
      )}
      {merge && (
        <ConflictMerge
          changes={merge.changes}
          choices={merge.choices}
          onChoose={(key, choice) => choose(specs, key, choice)}
        />
      )}
      <form ref={form} noValidate onSubmit={submit} aria-busy={busy}>
        <TextField label={t('fields.nameRequired')} hint={t('translations.baseHint')} {...field('name')} />
        <TextField
          label={t('translations.nameEs')}
          hint={t('translations.hint')}
          lang="es"
          {...field('nameEs')}
          error={errors.fields['translations.es.name']}
        />
        <TextField
          label={t('translations.nameZh')}
          hint={t('translations.hint')}
          lang="zh-Hant"
          {...field('nameZh')}
          error={errors.fields['translations.zh.name']}
        />
        {hasContactFields(list) && (
          <>
            <TextField
              label={t('fields.phoneNumber')}
              hint={t('fields.phoneHint')}
              type="tel"
              inputMode="tel"
              {...field('phoneNumber')}
            />
            <TextField label={t('fields.email')} type="email" {...field('email')} />
            <TextField
              label={t('fields.website')}
              inputMode="url"
              hint={t('fields.websiteHint')}
              {...field('website')}
            />
          </>
        )}
        {hasClosesSite(list) && (
          <div className="field field--check">
            <input
              id={closesSiteId}
              type="checkbox"
              name="closesSite"
              checked={values.closesSite}
              onChange={(event) => setValues((v) => ({ ...v, closesSite: event.target.checked }))}
              aria-describedby={`${closesSiteId}-hint`}
            />
            <label htmlFor={closesSiteId}>{t('item.closesSite')}</label>
            <p id={`${closesSiteId}-hint`} className="field-hint">
              {t('item.closesSiteHint')}
            </p>
          </div>
        )}
        {busy && (
          <p role="status" className="form-progress">
            {save.isPending ? t('saving') : checkingUsage ? t('checkingUsage') : t('deleting')}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button">
            {t('submit')}
          </button>
          {item && (
            <button type="button" className="button button--danger" onClick={askToDelete}>
              {t('delete')}
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={goBack}>
            {t('cancel')}
          </button>
        </div>
      </form>
      {guard.dialog}
      {item && (
        <ConfirmDialog
          open={usage !== null}
          title={t('item.deleteTitle', { name: item.name })}
          confirmLabel={t('item.deleteConfirm')}
          cancelLabel={t('cancel')}
          onConfirm={confirmDelete}
          onCancel={() => setUsage(null)}
          busy={remove.isPending}
        >
          <p>{usage ? t('item.inUse', { count: usage }) : t('item.unused')}</p>
          <p>{t('item.cannotUndo')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
