import type { ReferenceListName } from './schemas/reference-lists.ts';

/** Every API path the client calls (docs/product.md R72), so client and server cannot drift apart. */
export const apiPaths = {
  sites: '/api/sites',
  site: (id: number | string) => `/api/sites/${id}`,
  list: (list: ReferenceListName) => `/api/${list}`,
  listItem: (list: ReferenceListName, id: number | string) => `/api/${list}/${id}`,
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  register: '/api/auth/register',
  me: '/api/users/me',
  user: (id: number | string) => `/api/users/${id}`,
  passwords: '/api/passwords',
  password: (token: string) => `/api/passwords/${encodeURIComponent(token)}`,
  assets: '/api/assets',
  config: '/api/config',
  /** Current and upcoming closures; `siteClosures(id)` only those covering one site (all-sites ones too). */
  closures: '/api/closures',
  siteClosures: (siteId: number | string) => `/api/closures?siteId=${siteId}`,
  closure: (id: number | string) => `/api/closures/${id}`,
} as const;

/** Client routes that other code (e-mails, redirects) must agree on. */
