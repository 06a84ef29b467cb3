import type { QueryClient } from '@tanstack/react-query';

/**
 * After an administrator changes a site or a list item, every public view may be out of date (a
 * renamed population shows on every site that uses it). Marking the cached public data stale is the
 * simplest rule that is always right at this size; the admin screens' own queries ('admin', …)
 * always fetch on mount, and the signed-in user is not touched.
 */
export function afterAdminWrite(client: QueryClient) {
  return client.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== 'users' && query.queryKey[0] !== 'admin',
  });
}
