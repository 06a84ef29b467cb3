import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '#client/components/admin/confirm-dialog.tsx';
import { ConflictAlert } from '#client/components/admin/conflict-alert.tsx';
import { LastUpdated } from '#client/components/admin/last-updated.tsx';
import { useSaveErrors } from '#client/components/admin/use-save-errors.ts';
import { FormAlert } from '#client/components/ui/form-alert.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { assertValid } from '#client/lib/schema-errors.ts';
import { apiPaths } from '#shared/api-paths.ts';
import {
  REFERENCE_LISTS,
  type ReferenceItem,
  type ReferenceListName,
} from '#shared/schemas/reference-lists.ts';
import { fetchUsage, useDeleteReferenceItem, useSaveReferenceItem } from '../api/item.ts';
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
  onReload: () => void;
  reloading: boolean;
}

/**
 * The one form for all five reference lists (docs/architecture.md §4.2): a name, plus phone, e-mail
 * and website for nutrition partners, and "Means the site is closed" for covid statuses. After a save or a delete the admin goes back one page
 * (docs/product.md R59) — to /sites when this page was opened directly.
 */
export function ReferenceForm({ list, item, onReload, reloading }: ReferenceFormProps) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const closesSiteId = useId();
  const [values, setValues] = useState<ItemFormValues>(() => itemValuesFrom(item));
  const errors = useSaveErrors(form);
  const save = useSaveReferenceItem(list, item?.id);
  const remove = useDeleteReferenceItem(list, item?.id ?? 0);
  const [usage, setUsage] = useState<number | null>(null);
  const [checkingUsage, setCheckingUsage] = useState(false);
  const busy = save.isPending || remove.isPending || checkingUsage;

  const goBack = () => (location.key === 'default' ? navigate('/sites') : navigate(-1));
  const field = (key: Exclude<keyof ItemFormValues, 'closesSite'>) => ({
    name: key,
    value: values[key],
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [key]: event.target.value })),
    error: errors.fields[key],
    autoComplete: 'off',
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    errors.clear();
    const payload = buildItemPayload(list, values, item?.version);
    try {
      assertValid(itemSchemaFor(list), payload);
      await save.mutateAsync(payload);
      goBack();
    } catch (error) {
      errors.fail(error);
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
      await remove.mutateAsync(item.version ?? 0);
      goBack();
    } catch (error) {
      setUsage(null);
      errors.fail(error);
    }
  }

  const title = t(REFERENCE_LISTS[list].i18n.admin.title);
  return (
    <section className="admin-form">
      <h1>{title}</h1>
      {item && (
        <LastUpdated historyPath={`${apiPaths.listItem(list, item.id)}/history`} updatedAt={item.updatedAt} />
      )}
      {errors.conflict ? (
        <ConflictAlert onReload={onReload} reloading={reloading} />
      ) : (
        <FormAlert kind="error">{errors.general}</FormAlert>
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
