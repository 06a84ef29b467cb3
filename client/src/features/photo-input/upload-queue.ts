/**
 * The upload-state machine (docs/product.md R50): each item goes pending → uploading → uploaded, one at a time,
 * in the order added. A failed upload says why and can be retried; removing an item ends it. Pure, so
 * the rules are tested without a browser; `useUploadQueue` runs it.
 */
type UploadStatus = 'pending' | 'uploading' | 'uploaded' | 'failed';

export interface UploadItem<F> {
  id: string;
  file: F;
  status: UploadStatus;
  /** The asset's signed id once uploaded (docs/product.md R51). */
  signedId?: string;
  error?: unknown;
}

export type UploadAction<F> =
  | { type: 'add'; items: { id: string; file: F }[] }
  | { type: 'succeeded'; id: string; signedId: string }
  | { type: 'failed'; id: string; error: unknown }
  | { type: 'retry'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'clear' };

/** The first pending item starts when nothing is uploading. */
function advance<F>(items: UploadItem<F>[]): UploadItem<F>[] {
  if (items.some((item) => item.status === 'uploading')) return items;
  const next = items.findIndex((item) => item.status === 'pending');
  if (next < 0) return items;
  return items.map((item, index) => (index === next ? { ...item, status: 'uploading' } : item));
}

function update<F>(
  items: UploadItem<F>[],
  id: string,
  from: UploadStatus,
  change: Partial<UploadItem<F>>,
): UploadItem<F>[] {
  const target = items.find((item) => item.id === id);
  // A late answer for an item already removed or retried changes nothing.
  if (!target || target.status !== from) return items;
  return items.map((item) => (item.id === id ? { ...item, ...change } : item));
}

export function uploadQueue<F>(items: UploadItem<F>[], action: UploadAction<F>): UploadItem<F>[] {
  switch (action.type) {
    case 'add': {
      const known = new Set(items.map((item) => item.id));
      const added = action.items
        .filter((item) => !known.has(item.id))
        .map((item): UploadItem<F> => ({ ...item, status: 'pending' }));
      return added.length ? advance([...items, ...added]) : items;
    }
    case 'succeeded':
      return advance(
        update(items, action.id, 'uploading', {
          status: 'uploaded',
          signedId: action.signedId,
          error: undefined,
        }),
      );
    case 'failed':
      return advance(update(items, action.id, 'uploading', { status: 'failed', error: action.error }));
    case 'retry':
      return advance(update(items, action.id, 'failed', { status: 'pending', error: undefined }));
    case 'remove': {
      const rest = items.filter((item) => item.id !== action.id);
      return rest.length === items.length ? items : advance(rest);
    }
    case 'clear':
      return items.length ? [] : items;
  }
}

/** The item being uploaded now, if any. */
export function currentUpload<F>(items: readonly UploadItem<F>[]): UploadItem<F> | undefined {
  return items.find((item) => item.status === 'uploading');
}

/** True while something still has to be sent; a form must not be saved before. */
export function isBusy(items: readonly UploadItem<unknown>[]): boolean {
  return items.some((item) => item.status === 'pending' || item.status === 'uploading');
}
