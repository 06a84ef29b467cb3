import { redactUrl } from '../plugins/logging.ts';

/** Where 5xx errors go besides the log, when SENTRY_DSN is set (docs/decisions/037). */
export interface ErrorReporter {
  report(error: unknown, request: { id: string; method: string; url: string }): void;
  /** Sends what is still queued, then stops. */
  close(): Promise<void>;
}

const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[A-Za-z]{2,}/g;

// biome-ignore lint/suspicious/noExplicitAny: the reporter's event is a loose, deeply optional shape
type Event = { [key: string]: any };

/**
 * What may leave the server in a report: the error, its stack and the request's method, path (with
 * the log's own masking) and id — no cookies, no authorization header, no body, no query string, no
 * user (so no e-mail and no IP address), and any e-mail address in a message replaced.
 */
export function scrubEvent(event: Event): Event {
  delete event.user;
  delete event.breadcrumbs;
  if (event.request) {
    const request = event.request;
    event.request = {
      method: request.method,
      url: typeof request.url === 'string' ? redactUrl(request.url.replace(/\?.*$/, '')) : undefined,
    };
  }
  const scrubText = (text: unknown) => (typeof text === 'string' ? text.replace(EMAIL, '[e-mail]') : text);
  if (event.message) event.message = scrubText(event.message);
  for (const exception of event.exception?.values ?? []) exception.value = scrubText(exception.value);
  if (event.extra) event.extra = {};
  return event;
}

/**
 * The optional error reporter: nothing — not even the library's code — is loaded unless `dsn` is
 * set. Sentry's automatic instrumentation is off; only the errors we hand it are sent.
 */
export async function createErrorReporter(
  dsn: string | undefined,
  environment?: string,
): Promise<ErrorReporter | undefined> {
  if (!dsn) return undefined;
  const Sentry = await import('@sentry/node');
  const client = Sentry.init({
    dsn,
    environment,
    // The SDK collects nothing personal on its own (this version's form of `sendDefaultPii: false`),
    // and beforeSend removes what an event could still carry.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    defaultIntegrations: false,
    // The causes travel with an error (a failed query's driver error is its cause).
    integrations: [Sentry.linkedErrorsIntegration()],
    tracesSampleRate: 0,
    beforeSend: (event) => scrubEvent(event) as typeof event,
  });
  return {
    report(error, request) {
      Sentry.withScope((scope) => {
        scope.setTag('request_id', request.id);
        scope.setContext('request', {
          method: request.method,
          path: redactUrl(request.url.replace(/\?.*$/, '')),
        });
        Sentry.captureException(error);
      });
    },
    async close() {
      await client?.flush(5000);
    },
  };
}
