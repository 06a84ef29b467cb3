import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { seedQueryClient } from '../lib/app-data.ts';
import { AppRoutes } from './router.tsx';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } },
  });
}

/** A query client holding the data the server embedded in the page (lib/app-data.ts), taken out of it. */
export function pageQueryClient() {
  const client = createQueryClient();
  seedQueryClient(client);
  return client;
}

/**
 * The browser's app: starts from the data the server embedded in the page. `queryClient` is made once
 * per page, before hydrating (main.tsx): a hydration that a tap or a key interrupts renders App again
 * from scratch, and a client made in that render would no longer find the page's data (taken out by
 * the first), so it would draw "Loading" where the server's HTML has the list — a mismatch that makes
 * React draw the page afresh and lose what the visitor had typed. Without it (tests), App makes its own.
 */
export function App({ queryClient: given }: { queryClient?: QueryClient } = {}) {
  const [queryClient] = useState(() => given ?? pageQueryClient());
  // Says the app has taken over the server's page (<html data-started>): before that a tap on a
  // link is a full page load and a control's change is only the form's (docs/product.md R139).
  useEffect(() => {
    document.documentElement.dataset.started = '';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
