import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { i18n, initI18n } from './i18n/index.ts';
import './styles.css';

const container = document.getElementById('root')!;
// The language the server rendered the page in; read before i18next starts setting <html lang>.
const renderedIn = container.hasChildNodes() ? document.documentElement.lang : undefined;

void initI18n().then(() => {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // Take over the server's HTML when it is in the visitor's language; otherwise (say, a language kept
  // only in local storage) draw the page afresh — React swaps the server's HTML in the same commit.
  if (renderedIn && renderedIn === i18n.resolvedLanguage) {
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
});
