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

/** The browser's app: starts from the data the server embedded in the page (lib/app-data.ts). */
export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedQueryClient(client);
    return client;
  });
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
