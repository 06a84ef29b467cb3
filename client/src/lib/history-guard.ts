/**
 * Back and Forward reach a form's unsaved-changes guard before the router (docs/decisions/027-…).
 * Listeners of `popstate` on window run in the order they were added, and the router's is added when
 * the app starts; a form's, added later, would run after the router had already left the form. So
 * this module, loaded with the page shell before the router starts, adds the first listener, and
 * guards register here: a handler that returns true has dealt with the event, and the router never
 * sees it.
 */
type PopStateHandler = (event: PopStateEvent) => boolean;

const handlers = new Set<PopStateHandler>();

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', (event) => {
    for (const handler of [...handlers]) {
      if (handler(event)) {
        event.stopImmediatePropagation();
        return;
      }
    }
  });
}

/** Adds a handler that runs before the router's; returns its removal. */
export function beforeRouterPopState(handler: PopStateHandler): () => void {
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
  };
}
