import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Statuses } from '#shared/site-statuses.ts';
import { ListHandout, type PrintEntry } from './list-handout.tsx';
import './print.css';

export type { PrintEntry, PrintSite } from './list-handout.tsx';

/** The class on <html> while the list handout is what prints (print.css hides the rest of the page). */
export const PRINTING_LIST = 'printing-list';

const never = () => () => {};

/**
 * 'Print this list' (docs/product.md R156–R157): prints the current results as a compact handout instead
 * of the page. Shown only once scripts run (window.print needs them; the server's HTML has no button).
 * The handout is rendered only while printing — by this button or the browser's own Print command
 * (beforeprint) — into <body>, so a long list costs nothing on screen. (Its code stays in the first
 * bundle: as a chunk of its own it pulled the helpers it shares with the page into extra chunks and
 * cost more than it saved.)
 */
export function PrintListButton({
  entries,
  statuses,
  total,
}: {
  /** The results in the list's order, with their distances when it is ordered from a place. */
  entries: readonly PrintEntry[];
  statuses: Statuses | null;
  /** How many sites match in all, when the list shows only the first of them (docs/product.md R717). */
  total?: number | undefined;
}) {
  const { t } = useTranslation('print');
  const [printing, setPrinting] = useState(false);
  // False on the server and while hydrating: the button needs scripts, so the server's HTML has none.
  const ready = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  const start = useCallback(() => {
    if (!ready) return;
    // Synchronously: the browser lays the page out for printing right after this handler.
    flushSync(() => setPrinting(true));
    document.documentElement.classList.add(PRINTING_LIST);
  }, [ready]);
  useEffect(() => {
    const stop = () => {
      document.documentElement.classList.remove(PRINTING_LIST);
      setPrinting(false);
    };
    window.addEventListener('beforeprint', start);
    window.addEventListener('afterprint', stop);
    return () => {
      window.removeEventListener('beforeprint', start);
      window.removeEventListener('afterprint', stop);
      document.documentElement.classList.remove(PRINTING_LIST);
    };
  }, [start]);
  return (
    <>
      {/* The line is kept (and empty) until the button comes, so nothing below it moves then. */}
      <p className="no-print print-list__action">
        {ready && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              start();
              window.print();
            }}
          >
            {t('list.print')}
          </button>
        )}
      </p>
      {printing &&
        createPortal(<ListHandout entries={entries} statuses={statuses} total={total} />, document.body)}
    </>
  );
}
