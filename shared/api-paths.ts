import type { ReferenceListName } from './schemas/reference-lists.ts';

/** Every API path the client calls (docs/product.md R72), so client and server cannot drift apart. */
export const apiPaths = {
  sites: '/api/sites',
  site: (id: number | string) => `/api/sites/${id}`,
  /** The QR code (SVG) of a site page's address in one language (docs/product.md R154). */
  siteQr: (id: number | string, language: string) => `/api/sites/${id}/qr.svg?lng=${language}`,
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
  /** The agency's holidays with staff's decisions (administrators); one occurrence by key and observed day. */
  holidays: '/api/closures/holidays',
  holiday: (key: string, date: string) => `/api/closures/holidays/${encodeURIComponent(key)}/${date}`,
  /** The near box's lookup: a ZIP code, neighborhood or address in the asked language. */
  places: (q: string, language: string) =>
    `/api/places?q=${encodeURIComponent(q)}&lng=${encodeURIComponent(language)}`,
} as const;

/** Client routes that other code (e-mails, redirects) must agree on. */
