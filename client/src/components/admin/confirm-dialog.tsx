import { type ReactNode, useId, useRef } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';
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
  const cancel = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(open, cancel);
  const titleId = useId();
  const textId = useId();

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
