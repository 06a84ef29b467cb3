import { useSyncExternalStore } from 'react';

const never = () => () => {};
const serverHost = () => null;
const browserHost = () => window.location.host;

/**
 * A page's address as a printed page shows it, without the scheme: 'meals.example.org/sites/12'. The host
 * is the one the visitor is on, so it is known only in the browser (null on the server and while
 * hydrating, so the server's cached HTML never names a host).
 */
export function usePrintedAddress(path: string): string | null {
  const host = useSyncExternalStore(never, browserHost, serverHost);
  return host === null ? null : `${host}${path}`;
}
