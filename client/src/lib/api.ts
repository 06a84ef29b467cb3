import type { FieldError } from '#shared/schemas/common.ts';

/** An API answer that was not 2xx, with the server's field errors when it sent them (docs/product.md R78). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors: FieldError[] = [],
    /** The whole answer, for errors that carry more than a message (a 409's `code`, `current`, `candidates`). */
    public readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The answer's machine-readable `code`, when it has one (a 409's "duplicate", a 410's "link_used"). */
  get code(): string | undefined {
    return typeof this.body.code === 'string' ? this.body.code : undefined;
  }

  /** The values the `code`'s words are filled with (a refused import's `{ mb: 5 }`), when it has any. */
  get params(): Record<string, string | number> {
    const { params } = this.body;
    return params !== null && typeof params === 'object' && !Array.isArray(params)
      ? (params as Record<string, string | number>)
      : {};
  }
}

/** The wording of a failed answer without a message of its own; kept for the log and a details line. */
export function httpErrorMessage(status: number) {
  return `This is an HTTP error: The status is ${status}`;
}

/** A non-2xx answer as an ApiError: the server's message and field errors when it sent them. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as { message?: string; errors?: FieldError[] };
  const whole = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return new ApiError(
    response.status,
    body?.message ?? httpErrorMessage(response.status),
    body?.errors ?? [],
    whole,
  );
}

/** A 401 goes to /login, remembering the page (docs/product.md R42). Also used by uploads that are not JSON. */
export function onUnauthorized() {
  const from = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/login?from=${encodeURIComponent(from)}`);
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON; a Blob (a chosen file) is sent as it is, with `contentType`. */
  body?: unknown;
  /** The Content-Type of a Blob body (else the Blob's own type). */
  contentType?: string;
  signal?: AbortSignal;
  /** Login answers 401/422 itself; it must not bounce to /login. */
  skipUnauthorizedRedirect?: boolean;
}

/** JSON in (or a file's bytes), JSON out (docs/product.md R71). 204 answers undefined. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // No language of its own: the server reads the language cookie the i18n setup keeps (?lng, cookie,
  // Accept-Language: server/plugins/language.ts), the same one pages are rendered in.
  const headers: Record<string, string> = { Accept: 'application/json' };
  const { body } = options;
  if (body instanceof Blob)
    headers['Content-Type'] = options.contentType ?? (body.type || 'application/octet-stream');
  else if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
    credentials: 'same-origin',
    signal: options.signal,
  });
  if (response.status === 401 && !options.skipUnauthorizedRedirect) onUnauthorized();
  if (!response.ok) throw await apiErrorFrom(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
