import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '#client/components/admin/confirm-dialog.tsx';
import { afterAdminWrite } from '#client/lib/after-admin-write.ts';
import { ApiError } from '#client/lib/api.ts';
import { MENU_REFUSALS } from '#shared/menus.ts';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS, type ReferenceListName } from '#shared/reference-lists.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import { deleteItem, useListItems, workspaceKeys } from '../api/workspace.ts';

interface Deleting {
  list: ReferenceListName;
  item: ReferenceItem;
  uses: number;
}

function ListItems({
  list,
  usage,
  onDelete,
}: {
  list: ReferenceListName;
  usage: Record<string, number> | undefined;
  onDelete: (deleting: Deleting) => void;
}) {
  const { t } = useTranslation('admin-workspace');
  const items = useListItems(list);
  const segment = REFERENCE_LISTS[list].adminSegment;
  const headingId = `workspace-list-${list}`;
  const sorted = [...(items.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <section aria-labelledby={headingId} className="workspace-list">
      <h3 id={headingId}>{t(`admin:lists.${list}.plural`)}</h3>
      <p>
        <Link to={`/${segment}/new`}>{t(`admin:lists.${list}.add`)}</Link>
      </p>
      {items.isPending && <p>{t('common:loading')}</p>}
      {items.error && (
        <p className="field-error">
          {t('admin:listLoadFailed')}{' '}
          <button type="button" className="button button--secondary" onClick={() => void items.refetch()}>
            {t('common:errors.retry')}
          </button>
        </p>
      )}
      {items.data && sorted.length === 0 && <p>{t('lists.empty')}</p>}
      {sorted.length > 0 && (
        <ul className="workspace-items">
          {sorted.map((item) => {
            const uses = usage?.[String(item.id)] ?? 0;
            return (
              <li key={item.id} className="workspace-item">
                <span className="workspace-item__name">{item.name}</span>
                <span className="workspace-item__uses">{t('lists.uses', { count: uses })}</span>
                <span className="workspace-actions">
                  <Link className="button button--secondary" to={`/${segment}/${item.id}/edit`}>
                    {t('edit')}
                    <span className="visually-hidden"> {item.name}</span>
                  </Link>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => onDelete({ list, item, uses })}
                  >
                    {t('admin:delete')}
                    <span className="visually-hidden"> {item.name}</span>
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * The five reference lists (shared/reference-lists.ts), each item with the number of sites using it,
 * Add and Edit (the existing editors) and Delete after a confirmation that says what it affects
 * (docs/product.md R198).
 */
export function ListsSection({
  usage,
  onAnnounce,
}: {
  usage: Partial<Record<ReferenceListName, Record<string, number>>>;
  onAnnounce: (text: string) => void;
}) {
  const { t } = useTranslation('admin-workspace');
  const client = useQueryClient();
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const remove = async () => {
    if (!deleting || busy) return;
    setBusy(true);
    setError('');
    try {
      await deleteItem(deleting.list, deleting.item.id, deleting.item.version ?? 1);
      onAnnounce(t('lists.deleted', { name: deleting.item.name }));
      setDeleting(null);
      await Promise.all([
        client.invalidateQueries({ queryKey: workspaceKeys.list(deleting.list) }),
        client.invalidateQueries({ queryKey: workspaceKeys.workspace }),
        afterAdminWrite(client),
      ]);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? failure.code === MENU_REFUSALS.menuDaysWouldBeLost
            ? // R696: a meal type or a partner with menus is not deleted; the count says what would go.
              t('lists.menuDaysLost', { count: Number(failure.params.count) })
            : t('lists.deleteFailed', { message: failure.message })
          : t('common:errors.generic'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="workspace-section" aria-labelledby="workspace-lists">
      <h2 id="workspace-lists">{t('lists.heading')}</h2>
      {error && !deleting && (
        <div role="alert" className="alert alert--error">
          {error}
        </div>
      )}
      {REFERENCE_LIST_NAMES.map((list) => (
        <ListItems
          key={list}
          list={list}
          usage={usage[list]}
          onDelete={(next) => {
            setError('');
            setDeleting(next);
          }}
        />
      ))}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? t('admin:item.deleteTitle', { name: deleting.item.name }) : ''}
        confirmLabel={busy ? t('admin:deleting') : t('admin:item.deleteConfirm')}
        cancelLabel={t('admin:cancel')}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => {
          setDeleting(null);
          setError('');
        }}
      >
        {deleting && (
          <>
            <p>
              {deleting.uses > 0 ? t('admin:item.inUse', { count: deleting.uses }) : t('admin:item.unused')}{' '}
              {t('admin:item.cannotUndo')}
            </p>
            {error && (
              <p role="alert" className="field-error">
                {error}
              </p>
            )}
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}
