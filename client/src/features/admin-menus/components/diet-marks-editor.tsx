import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MissingTranslations, translationsPayload } from '#client/components/admin/translations.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { afterAdminWrite } from '#client/lib/after-admin-write.ts';
import { ApiError, api } from '#client/lib/api.ts';
import { fieldErrorMap } from '#client/lib/field-errors.ts';
import { Text } from '#client/lib/localized.tsx';
import { apiPaths } from '#shared/api-paths.ts';
import { MENU_REFUSALS } from '#shared/menus.ts';
import type { DietMark } from '#shared/schemas/diet-marks.ts';
import { localized } from '#shared/translations.ts';
import { dietMarksKey, useAgencyDietMarks } from '../api/menus.ts';

type Draft = { id: number | null; version: number; name: string; nameEs: string; nameZh: string };
const EMPTY: Draft = { id: null, version: 1, name: '', nameEs: '', nameZh: '' };

/**
 * The agency's own diet marks (docs/product.md R690–R695), for administrators on the menus screen:
 * each mark with how many dishes carry it, added or renamed in three languages, removed when no dish
 * carries it (the server's 409 says how many do).
 */
export function DietMarksEditor() {
  const { t, i18n } = useTranslation('admin-menus');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const marks = useAgencyDietMarks();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () =>
    Promise.all([client.invalidateQueries({ queryKey: dietMarksKey }), afterAdminWrite(client)]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || busy) return;
    setBusy(true);
    setErrors({});
    const body = {
      name: draft.name,
      translations: translationsPayload('name', { es: draft.nameEs, zh: draft.nameZh }),
      ...(draft.id !== null ? { version: draft.version } : {}),
    };
    try {
      await api<DietMark>(draft.id === null ? apiPaths.dietMarks : apiPaths.dietMark(draft.id), {
        method: draft.id === null ? 'POST' : 'PATCH',
        body,
      });
      setMessage({ kind: 'success', text: t('marks.saved', { name: draft.name.trim() }) });
      setDraft(null);
      await refresh();
    } catch (failure) {
      if (failure instanceof ApiError && failure.errors.length > 0)
        setErrors(fieldErrorMap(failure.errors, t));
      else
        setMessage({
          kind: 'error',
          text: t('marks.failed', { message: String((failure as Error).message) }),
        });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (mark: DietMark) => {
    if (busy) return;
    setBusy(true);
    try {
      await api<unknown>(`${apiPaths.dietMark(mark.id)}?version=${mark.version}`, { method: 'DELETE' });
      setMessage({ kind: 'success', text: t('marks.removed', { name: mark.name }) });
      await refresh();
    } catch (failure) {
      const text =
        failure instanceof ApiError && failure.code === MENU_REFUSALS.markInUse
          ? t('marks.inUse', { name: mark.name, count: Number(failure.params.count) })
          : t('marks.failed', { message: String((failure as Error).message) });
      setMessage({ kind: 'error', text });
    } finally {
      setBusy(false);
    }
  };

  const field = (key: 'name' | 'nameEs' | 'nameZh') => ({
    value: draft?.[key] ?? '',
    autoComplete: 'off',
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => (current ? { ...current, [key]: event.target.value } : current)),
  });

  return (
    <section className="admin-form menu-grid__marks" aria-labelledby="diet-marks-title">
      <h2 id="diet-marks-title">{t('marks.title')}</h2>
      <p>{t('marks.intro')}</p>
      <div role="status">
        {message?.kind === 'success' ? <p className="alert alert--success">{message.text}</p> : null}
      </div>
      {message?.kind === 'error' && (
        <p role="alert" className="alert alert--error">
          {message.text}
        </p>
      )}
      {marks.error ? (
        <p>{t('loadFailed')}</p>
      ) : (marks.data ?? []).length === 0 ? (
        <p>{t('marks.none')}</p>
      ) : (
        <ul className="menu-grid__mark-list">
          {(marks.data ?? []).map((mark) => (
            <li key={mark.id}>
              <Text value={localized(mark, 'name', language)} language={language} />{' '}
              <MissingTranslations entity={mark} field="name" />{' '}
              <span>{t('marks.dishes', { count: mark.dishes })}</span>{' '}
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setErrors({});
                  setDraft({
                    id: mark.id,
                    version: mark.version,
                    name: mark.name,
                    nameEs: mark.translations.es?.name ?? '',
                    nameZh: mark.translations.zh?.name ?? '',
                  });
                }}
              >
                {t('marks.edit', { name: mark.name })}
              </button>{' '}
              <button type="button" className="button button--secondary" onClick={() => remove(mark)}>
                {t('marks.remove', { name: mark.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {draft ? (
        <form onSubmit={save} noValidate aria-labelledby="diet-mark-form">
          <h3 id="diet-mark-form">
            {draft.id === null ? t('marks.add') : t('marks.edit', { name: draft.name })}
          </h3>
          <TextField label={t('marks.name')} required error={errors.name} {...field('name')} />
          <TextField
            label={t('marks.nameEs')}
            lang="es"
            error={errors['translations.es.name']}
            {...field('nameEs')}
          />
          <TextField
            label={t('marks.nameZh')}
            lang="zh-Hant"
            error={errors['translations.zh.name']}
            {...field('nameZh')}
          />
          <button type="submit" className="button" disabled={busy}>
            {t('marks.save')}
          </button>{' '}
          <button type="button" className="button button--secondary" onClick={() => setDraft(null)}>
            {t('marks.cancel')}
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="button"
          onClick={() => {
            setErrors({});
            setMessage(null);
            setDraft({ ...EMPTY });
          }}
        >
          {t('marks.add')}
        </button>
      )}
    </section>
  );
}
