import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '#client/components/admin/use-modal-dialog.ts';
import { CONFIRMATION_METHODS, CONFIRMATION_NOTE_MAX, type ConfirmationMethod } from '../model/workspace.ts';

/**
 * "Confirm" a site's information (docs/product.md R196): how it was checked (phone, email, visit, the
 * site contact, other) and an optional note, in a modal <dialog>. The browser keeps focus inside and
 * closes it on Escape; focus starts on the first choice and returns to the button that opened it.
 */
export function ConfirmSiteDialog({
  siteName,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  /** The site being confirmed; null when the dialog is closed. */
  siteName: string | null;
  busy: boolean;
  error: string;
  onConfirm: (body: { method: ConfirmationMethod; note?: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin-workspace');
  const first = useRef<HTMLInputElement>(null);
  const [method, setMethod] = useState<ConfirmationMethod>('phone');
  const [note, setNote] = useState('');
  const titleId = useId();
  const noteId = useId();
  const open = siteName !== null;
  // Each opening starts from the first method and an empty note.
  const dialog = useModalDialog(open, first, () => {
    setMethod('phone');
    setNote('');
  });

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog workspace-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {open && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (busy) return;
            const text = note.trim();
            onConfirm(text ? { method, note: text } : { method });
          }}
        >
          <h2 id={titleId}>{t('confirm.title', { name: siteName })}</h2>
          <p>{t('confirm.intro')}</p>
          <fieldset className="workspace-choices">
            <legend>{t('confirm.method')}</legend>
            {CONFIRMATION_METHODS.map((value, index) => (
              <label key={value} className="workspace-choice">
                <input
                  ref={index === 0 ? first : undefined}
                  type="radio"
                  name="method"
                  value={value}
                  checked={method === value}
                  onChange={() => setMethod(value)}
                />
                <span>{t(`confirm.methods.${value}`)}</span>
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={noteId}>{t('confirm.note')}</label>
            <textarea
              id={noteId}
              rows={3}
              maxLength={CONFIRMATION_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          {error && (
            <div role="alert" className="alert alert--error">
              {error}
            </div>
          )}
          <div className="form-actions">
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {busy ? t('confirm.saving') : t('confirm.submit')}
            </button>
            <button type="button" className="button button--secondary" onClick={onCancel}>
              {t('admin:cancel')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
