/**
 * Choices a visitor made on the server's page before its script ran (docs/product.md R139). On a slow
 * phone the page is on screen, and its filters usable, seconds before the app takes it over; taking it
 * over sets every control back to what the address says, so a choice made in that time would be lost
 * without a word. Just before hydrating, `keepEarlyChoices` reads the GET forms whose controls differ
 * from what the server wrote (each control still knows its default) and keeps the address those choices
 * make; the screen then goes there once it runs (`takeEarlyChoices`), as if the visitor had chosen it
 * with the app running.
 */

import { filtersFromSearchParams, filtersToSearchParams } from '#shared/filters.ts';
import { searchFromSearchParams, searchToSearchParams } from '#shared/site-search.ts';

/** An address to go to once the screen runs; `replace`: instead of the current history entry. */
let pending: { pathname: string; search: string; replace?: boolean } | undefined;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isControl(element: Element): element is Control {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  );
}

/** Whether the visitor changed this control: what it shows is not what the server's HTML said. */
function changed(control: Control): boolean {
  if (control instanceof HTMLSelectElement) {
    // With no option marked selected in the HTML, a single select shows (and defaults to) its first.
    // (The `selected` attribute is what `defaultSelected` reflects.)
    const wrote = (option: HTMLOptionElement) => option.hasAttribute('selected');
    const marked = [...control.options].some(wrote);
    return [...control.options].some(
      (option, index) => option.selected !== (marked ? wrote(option) : index === 0 && !control.multiple),
    );
  }
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
    return control.checked !== control.defaultChecked;
  }
  return control.value !== control.defaultValue;
}

/**
 * Reads the page's GET forms that lead to the page itself before the app takes it over. The address kept is the current one with
 * each of the form's own fields set as the visitor left it (blank fields dropped, hidden fields not
 * the visitor's choice and left as they are), so other parameters (`lng`) stay.
 */
export function keepEarlyChoices(root: ParentNode, location: { pathname: string; search: string }): void {
  pending = undefined;
  for (const form of root.querySelectorAll<HTMLFormElement>('form[method="get" i]')) {
    const controls = [...form.elements].filter(isControl).filter((control) => control.name !== '');
    const visible = controls.filter((control) => control.type !== 'hidden');
    if (!visible.some(changed)) continue;
    // Only a form that sets this page's own choices: one that leads elsewhere (the home page's near
    // box) is the visitor's to submit, and a screen applying it later would undo what they did next.
    const pathname = new URL(form.action, 'http://page.invalid').pathname;
    if (pathname !== location.pathname) continue;
    const params = new URLSearchParams(location.search);
    for (const control of visible) params.delete(control.name);
    for (const [name, value] of new FormData(form)) {
      const isVisitors = visible.some((control) => control.name === name);
      if (isVisitors && typeof value === 'string' && value.trim() !== '') params.append(name, value);
    }
    const search = params.toString();
    pending = { pathname, search: search ? `?${search}` : '' };
  }
}

/** The choices of a /sites address in their one form ('' for none): what decides the list shown. */
function choicesOf(search: string): string {
  const params = new URLSearchParams(search);
  return filtersToSearchParams(
    filtersFromSearchParams(params),
    searchToSearchParams(searchFromSearchParams(params)),
  ).toString();
}

/**
 * The server renders /sites for the normalised form of its choices, and while it is busy sends the
 * plain list instead (docs/decisions/031, docs/product.md R300–R301); `renderedFor` names the address
 * it rendered. When that has other choices than the page's own address, the app must take the HTML over
 * at the address it was rendered for: the address is set to it first (no history entry), and for the
 * plain list the address's own choices are then applied by the screen, replacing that entry, unless
 * the visitor already chose something on the page (R139). Called just before hydrating, after
 * keepEarlyChoices.
 */
export function takeOverRenderedAddress(
  renderedFor: string | undefined,
  location: { pathname: string; search: string; hash: string },
  history: Pick<History, 'state' | 'replaceState'>,
): void {
  if (!renderedFor) return;
  const rendered = new URL(renderedFor, 'http://page.invalid');
  if (rendered.pathname !== location.pathname) return;
  const own = choicesOf(location.search);
  const shown = choicesOf(rendered.search);
  if (own === shown) return;
  const search = location.search;
  history.replaceState(history.state, '', `${rendered.pathname}${rendered.search}${location.hash}`);
  if (shown === '' && !pending) pending = { pathname: rendered.pathname, search, replace: true };
}

let lookedAgain = false;

/**
 * Choices made while the app was taking the page over: after `keepEarlyChoices` read the forms but
 * before React listened, a change reaches neither. The controls still show it, so the screen looks once
 * more when it first runs on the page the server sent (the first screen of a page load only; a screen
 * drawn by the app later has no server's page to read).
 */
export function takeChoicesMadeWhileStarting(
  root: ParentNode,
  location: { pathname: string; search: string },
): { pathname: string; search: string; replace?: boolean } | undefined {
  if (lookedAgain) return undefined;
  lookedAgain = true;
  keepEarlyChoices(root, location);
  const choices = takeEarlyChoices(location.pathname);
  // The app may have seen the change itself and already be there.
  if (!choices || choicesOf(choices.search) === choicesOf(location.search)) return undefined;
  return choices;
}

/** The address the visitor's early choices make, once, for the screen at `pathname`; then forgotten. */
export function takeEarlyChoices(
  pathname: string,
): { pathname: string; search: string; replace?: boolean } | undefined {
  const choices = pending;
  if (!choices || choices.pathname !== pathname) return undefined;
  pending = undefined;
  return choices;
}
