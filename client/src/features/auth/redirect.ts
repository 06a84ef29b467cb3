/**
 * Where login sends the user afterwards. `from` arrives in the query string (guards.tsx, lib/api.ts) or
 * in navigation state (the Log in link), so it is attacker-controlled: only a path on this site is
 * accepted, never an absolute or protocol-relative URL (open redirect).
 */
const PROBE_ORIGIN = 'http://same-site.invalid';

/** Returning to these would undo the login, loop back to the form or reopen a finished password reset. */
const neverReturnTo = (pathname: string) =>
  pathname === '/login' ||
  pathname === '/logout' ||
  pathname === '/passwords' ||
  pathname.startsWith('/passwords/');

/** '/logout//' -> '/logout', in one pass (no backtracking pattern on text from the address bar). */
function withoutTrailingSlashes(path: string) {
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end -= 1;
  return path.slice(0, end);
}

export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//')) return null;
  // Browsers read '\' as '/' and drop tabs and newlines, so '/\evil.example' and '/\t/evil.example'
  // would become '//evil.example'.
  if (/[\\\p{Cc}]/u.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  // Dot segments are resolved only now: '/.//evil.example/' and '/a/..//evil.example' (or their
  // %2e spellings) become '//evil.example/', which a browser reads as another site.
  if (!url.pathname.startsWith('/') || url.pathname.startsWith('//')) return null;
  if (neverReturnTo(withoutTrailingSlashes(url.pathname))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The `from` query parameter first, then `state.from`, else the home page. */
export function loginReturnPath(search: string, state: unknown): string {
  const fromQuery = safeReturnPath(new URLSearchParams(search).get('from'));
  if (fromQuery) return fromQuery;
  const fromState = (state as { from?: unknown } | null | undefined)?.from;
  const path =
    typeof fromState === 'object' && fromState !== null
      ? `${(fromState as { pathname?: string }).pathname ?? ''}${(fromState as { search?: string }).search ?? ''}`
      : fromState;
  return safeReturnPath(path) ?? '/';
}
