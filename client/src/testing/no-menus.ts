import type { QueryClient } from '@tanstack/react-query';

/**
 * Screens that show a site page also ask for its menu (docs/product.md R659). Tests about something
 * else keep that read from starting, instead of letting it reach for a server that is not there.
 */
export function leaveMenusUnasked(client: QueryClient) {
  client.setQueryDefaults(['sites', 'menu'], { enabled: false });
}
