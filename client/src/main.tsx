import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { agencyMoment } from '#shared/agency-time.ts';
import { warmFormatters } from '#shared/format-hours.ts';
import { isPageInLanguage } from '#shared/languages.ts';
import { formatMoney } from '#shared/site-facts.ts';
import { App, pageQueryClient } from './app/app.tsx';
import { i18n, initI18n } from './i18n/index.ts';
import { agencyTimeZone } from './lib/agency-clock.ts';
import { appData } from './lib/app-data.ts';
import { keepEarlyChoices, takeOverRenderedAddress } from './lib/early-choices.ts';
import './styles.css';

const container = document.getElementById('root')!;
// The language the server rendered the page in; read before i18next starts setting <html lang>.
const renderedIn = container.hasChildNodes() ? document.documentElement.lang : undefined;

/** The pages whose text is not in the first bundle (i18n/page-namespaces.ts). */
const INFORMATION_PAGES = /^\/(contact|accessibility|privacy|about|partners)\/?$/;

/** Runs each step in a task of its own, so none of them adds to one long task. */
async function inSeparateTasks(steps: Array<() => void>) {
  for (const step of steps) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    step();
  }
  await new Promise((resolve) => setTimeout(resolve, 0));
}

void initI18n().then(async () => {
  // Starting the app, loading Intl's data for a site page's hours (shared/format-hours.ts) and
  // hydrating are separate tasks: on a slow phone, one task of all three would block input.
  const showsHours = /^\/sites\/\d+\/?$/.test(window.location.pathname);
  // An information page's text is not in the first bundle: fetched before hydrating, so the page matches.
  if (INFORMATION_PAGES.test(window.location.pathname)) {
    await import('./i18n/page-namespaces.ts').then((module) => module.addPageNamespaces());
  }
  // The agency's clock and the costs' currency format are read by every row's status and facts,
  // right after hydrating: made here, the first of each does not lengthen a row's render.
  await inSeparateTasks([
    ...(showsHours ? warmFormatters(i18n.resolvedLanguage) : []),
    () => agencyMoment(Date.now(), agencyTimeZone()),
    () => formatMoney(1, i18n.resolvedLanguage),
  ]);
  // Made once, outside React: a hydration interrupted by the visitor renders App again (app.tsx).
  const queryClient = pageQueryClient();
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>
  );
  // Take over the server's HTML when it is in the visitor's language; otherwise (say, a language kept
  // only in local storage) draw the page afresh — React swaps the server's HTML in the same commit.
  // Hydrating in a transition lets React do it in slices that yield to the browser (a click or a key
  // is not held up behind the whole page), instead of one blocking task.
  // What the visitor chose on the server's page while waiting is applied once the app runs (R139).
  keepEarlyChoices(container, window.location);
  if (isPageInLanguage(renderedIn, i18n.resolvedLanguage)) {
    // Taken over at the address the server rendered it for (the plain list while it was busy).
    takeOverRenderedAddress(appData().renderedFor, window.location, window.history);
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
});
