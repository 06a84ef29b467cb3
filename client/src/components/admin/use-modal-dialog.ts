import { type RefObject, useEffect, useRef } from 'react';

/**
 * Shows a <dialog> as a modal while `open` is true: the browser traps focus and closes it on Escape
 * (the caller's `onCancel` decides, through `open`); focus starts on `initialFocus` and goes back to
 * where it was when the dialog closes. One implementation for every staff dialog.
 */
export function useModalDialog(
  open: boolean,
  initialFocus: RefObject<HTMLElement | null>,
  onOpen?: () => void,
) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const opened = useRef(onOpen);
  opened.current = onOpen;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocus.current = document.activeElement;
      opened.current?.();
      element.showModal();
      initialFocus.current?.focus();
    } else if (!open && element.open) {
      element.close();
      if (returnFocus.current instanceof HTMLElement && returnFocus.current.isConnected) {
        returnFocus.current.focus();
      }
    }
  }, [open, initialFocus]);

  return dialog;
}
