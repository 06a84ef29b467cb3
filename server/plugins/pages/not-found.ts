/**
 * Which paths are not public pages: the browser app's own screens, answered with the page shell,
 * and every other path, answered 404 with a not-found page (docs/product.md R118).
 */

/**
 * Paths the browser app draws that are not public pages: sign-in and password screens, an invitation's
 * link, the account, and the staff screens (`/admin/…`, every editor's `/…/new` and `/…/{id}/edit`). Any other path that
 * is not a public page is answered 404 with the not-found page (docs/product.md R118). A new screen
 * in client/src/app/router.tsx that is not a public page adds its path here.
 */
const APP_PATHS = [
  /^\/(login|logout|passwords|account)(\/|$)/,
  /^\/admin(\/|$)/,
  /^\/confirm\/[^/]+$/,
  /^\/invitation\/[^/]+$/,
  /^\/[^/]+\/new$/,
  /^\/[^/]+\/\d{1,10}\/edit$/,
];

export function isAppPath(path: string): boolean {
  return APP_PATHS.some((pattern) => pattern.test(path));
}

/**
 * Which not-found page an unknown path gets: a site's ('/sites/abc', an id with no site), whose
 * "Back to the list" the site page itself shows, or the general one. Each is rendered at a fixed
 * address, so there is one cached copy per language however many unknown paths are asked for.
 */
export function notFoundKind(path: string): 'site' | 'page' {
  return /^\/sites\/[^/]+$/.test(path) ? 'site' : 'page';
}
export const NOT_FOUND_URL = { site: '/sites/0', page: '/not-found' } as const;
