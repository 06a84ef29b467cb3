import { type ReactNode, useEffect, useId, useRef } from 'react';
import './admin.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/**
 * A modal <dialog> asking to confirm a destructive step. The browser traps focus and closes it on
 * Escape; focus starts on the safe choice (Cancel) and returns to where it was when it closes.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, confirmLabel, cancelLabel, onConfirm, onCancel, busy = false } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocus.current = document.activeElement;
      element.showModal();
      cancel.current?.focus();
    } else if (!open && element.open) {
      element.close();
      if (returnFocus.current instanceof HTMLElement && returnFocus.current.isConnected) {
        returnFocus.current.focus();
      }
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault(); // Escape: closing is the parent's decision, through `open`
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div id={textId}>{children}</div>
      <div className="form-actions">
        <button type="button" className="button button--danger" onClick={onConfirm} aria-disabled={busy}>
          {confirmLabel}
        </button>
        <button ref={cancel} type="button" className="button button--secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </dialog>
  );
}
