/**
 * The state of the finder's controls: how a change reaches the address (a new history entry or a
 * replaced one), the value a control shows while the address catches up, and whether scripts run.
 */
import { startTransition, useEffect, useOptimistic, useRef, useState } from 'react';
import type { SiteFilters as Filters } from '#shared/filters.ts';
import type { SiteSearch } from '#shared/site-search.ts';

/** How a change reaches the address: `replace` while the same control keeps changing (docs/product.md R135). */
export type ChangeOptions = { replace?: boolean };
export type OnFilters = (filters: Filters, options?: ChangeOptions) => void;
export type OnSearch = (search: SiteSearch, options?: ChangeOptions) => void;

/**
 * The first change of a control adds a history entry; the next ones, until focus leaves it, replace it:
 * arrowing through a select's options (or typing a name) is one step for Back, not one per option.
 */
export function useEditing() {
  const current = useRef<string | null>(null);
  return {
    change(key: string): ChangeOptions {
      const replace = current.current === key;
      current.current = key;
      return { replace };
    },
    leave: () => {
      current.current = null;
    },
  };
}

/** What useEditing gives: passed down to each control. */
export type Editing = ReturnType<typeof useEditing>;

/**
 * The value a select shows: the chosen option at once, though the address, and so `value`, follows
 * only when the router's transition commits. A controlled select would otherwise snap back to the
 * old value until then, and the next ArrowDown would move on from there, landing on an option twice
 * or passing one by (docs/product.md R471).
 */
export function useShownValue(value: string) {
  const [shown, show] = useOptimistic(value);
  const choose = (next: string, apply: () => void) =>
    startTransition(() => {
      show(next);
      apply();
    });
  return [shown, choose] as const;
}

/** True once scripts run (false in the server's HTML and the hydrating render, so they match). */
export function useScripted() {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return scripted;
}

/**
 * A control's shown value: the new one at once when the visitor changes it, the address's whenever
 * the address changes (Back, Forward, Reset, a link). The address, and so `value`, follows a change in
 * a transition, which with thousands of sites can take a moment; a control that snapped back meanwhile
 * would look as if the tap had not counted, and the next arrow key would start from the old option.
 */
export function useShown<T>(value: T) {
  const [shown, setShown] = useState(value);
  // State, not a ref: a transition's render that React throws away must not leave its value behind.
  const [from, setFrom] = useState(value);
  if (from !== value) {
    setFrom(value);
    setShown(value);
  }
  return [shown, setShown] as const;
}

/** A filters state as text, to recognise it when the address arrives at it. */
const keyOf = (filters: Filters) =>
  JSON.stringify(Object.entries(filters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * Changes made before the address has caught up build on each other, whichever controls made them.
 * Each control computes its change from the filters of the page as drawn (`committed`); only the keys
 * it changed are applied, over the changes still on their way. So Space on "Walk-ins welcome", Space
 * on "Step-free entrance" and arrows in "Staff speak", however quickly, keep all three. When the
 * address arrives at a state nobody here asked for (Back, Forward, a link), that state is the base.
 */
export function useChainedFilters(
  committed: Filters,
  apply: (filters: Filters, options?: ChangeOptions) => void,
) {
  const latest = useRef(committed);
  const asked = useRef<string[]>([]);
  const seen = useRef(committed);
  if (seen.current !== committed) {
    seen.current = committed;
    const at = asked.current.indexOf(keyOf(committed));
    if (at === -1) {
      latest.current = committed;
      asked.current = [];
    } else {
      asked.current = asked.current.slice(at + 1);
      if (asked.current.length === 0) latest.current = committed;
    }
  }
  return (next: Filters, options?: ChangeOptions) => {
    const merged: Record<string, unknown> = { ...latest.current };
    const before: Record<string, unknown> = committed;
    const after: Record<string, unknown> = next;
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (before[key] === after[key]) continue;
      if (after[key] === undefined) delete merged[key];
      else merged[key] = after[key];
    }
    latest.current = merged as Filters;
    asked.current.push(keyOf(latest.current));
    apply(latest.current, options);
  };
}
