import { useCallback, useEffect, useReducer, useRef } from 'react';
import { currentUpload, isBusy, type UploadItem, uploadQueue } from './upload-queue.ts';

export type Upload<F> = (file: F, signal: AbortSignal) => Promise<string>;

let sequence = 0;

/**
 * Runs the upload-state machine: whichever item the machine marks uploading is sent, one at a time.
 * Removing an item (or unmounting) aborts its request; a late answer is ignored by the machine.
 */
export function useUploadQueue<F>(upload: Upload<F>) {
  const [items, dispatch] = useReducer(uploadQueue<F>, [] as UploadItem<F>[]);
  const uploadRef = useRef(upload);
  uploadRef.current = upload;
  // An item changes on every transition; only a new id (with its file) is a new upload.
  const current = currentUpload(items);
  const currentId = current?.id;
  const currentFile = current?.file;

  useEffect(() => {
    if (currentId === undefined || currentFile === undefined) return;
    const controller = new AbortController();
    uploadRef.current(currentFile, controller.signal).then(
      (signedId) => dispatch({ type: 'succeeded', id: currentId, signedId }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        dispatch({ type: 'failed', id: currentId, error });
      },
    );
    return () => controller.abort();
  }, [currentId, currentFile]);

  const add = useCallback((files: F[]) => {
    dispatch({ type: 'add', items: files.map((file) => ({ id: `upload-${++sequence}`, file })) });
  }, []);
  const remove = useCallback((id: string) => dispatch({ type: 'remove', id }), []);
  const retry = useCallback((id: string) => dispatch({ type: 'retry', id }), []);
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);

  return { items, busy: isBusy(items), add, remove, retry, clear };
}
