/**
 * A one-off message for the next page: "Saved Bayview Senior Café" after a staff form returns the clerk
 * to where they came from (docs/product.md R213). Kept in session storage, so it survives any way of
 * leaving the form (a push, a step back in history); the banner in the page shell takes it once.
 * Also remembers the previous path of this tab, so a form knows where the clerk came from.
 */
const KEY = 'flash';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function setFlash(text: string) {
  try {
    storage()?.setItem(KEY, text);
  } catch {
    // storage full or disabled: the page just shows no banner
  }
}

/** The waiting message, removed as it is read. */
export function takeFlash(): string | null {
  try {
    const store = storage();
    const text = store?.getItem(KEY) ?? null;
    store?.removeItem(KEY);
    return text;
  } catch {
    return null;
  }
}

let current: string | null = null;
let previous: string | null = null;

/** Called by the shell's banner on every new page. */
export function notePath(path: string) {
  if (path === current) return;
  previous = current;
  current = path;
}

/** The path of the page shown before this one in this tab (null after a reload or on the first page). */
export function previousPath(): string | null {
  return previous;
}
