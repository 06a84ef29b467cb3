import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
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
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
