/**
 * What a database error means for the answer: the database is out of reach (503, and the API recovers
 * by itself), or the client sent text PostgreSQL cannot store (400).
 */

const UNAVAILABLE_CODES = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03'];
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/;

/**
 * Connection-level database failures: the API answers 503 and recovers by itself when the database is
 * back. The failure may be the error itself or its cause (Drizzle wraps the driver's error in a
 * DrizzleQueryError whose own message is the SQL). 57014 is a statement cancelled by statement_timeout.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some(({ code, message }) => {
    if (UNAVAILABLE_CODES.includes(code) || code === '57014' || code.startsWith('08')) return true;
    return UNAVAILABLE_MESSAGE.test(message);
  });
}

/** An error and its causes, as code and message. */
function causes(error: unknown): { code: string; message: string }[] {
  const found = [];
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth += 1
  ) {
    found.push({ code: typeof e.code === 'string' ? e.code : '', message: String(e.message) });
  }
  return found;
}

/**
 * Text PostgreSQL cannot store: U+0000 in any string (22021 character_not_in_repertoire, 22P05
 * untranslatable_character). Such input passes the schemas (it is a valid JSON string) and failed in
 * the database as a 500 — on every text field, login included. It is the client's malformed input.
 */
export function isUnstorableText(error: unknown): boolean {
  return causes(error).some(({ code }) => code === '22021' || code === '22P05');
}

interface OutageLog {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * A database outage as the log tells it (docs/reliability.md): one "database unreachable" line when
 * the first request is refused, with the cause, and one "database back after N s, M requests
 * refused" line when a probe reaches it again — not a stack trace per refused request. While the
 * database is down a probe (`ping`) runs every `probeMs`; nothing runs while it is up.
 */
export function createOutageMonitor(options: {
  ping: () => Promise<void>;
  log: OutageLog;
  probeMs?: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const probeMs = options.probeMs ?? 1000;
  let since: number | undefined;
  let refused = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const probe = () => {
    timer = setTimeout(async () => {
      timer = undefined;
      if (closed || since === undefined) return;
      try {
        await options.ping();
      } catch {
        if (!closed) probe();
        return;
      }
      const seconds = Math.round((now() - since) / 1000);
      options.log.info(
        { outageSeconds: seconds, refusedRequests: refused },
        `database back after ${seconds} s, ${refused} requests refused`,
      );
      since = undefined;
      refused = 0;
    }, probeMs);
    timer.unref();
  };

  return {
    /** Whether a request was refused since the database was last reached. */
    get down() {
      return since !== undefined;
    },
    /** A request was refused because the database is out of reach; `log` is the request's. */
    refused(error: unknown, log: OutageLog = options.log) {
      refused += 1;
      if (since !== undefined) return;
      since = now();
      log.error({ err: error }, 'database unreachable');
      if (!closed) probe();
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
}

export type OutageMonitor = ReturnType<typeof createOutageMonitor>;

/**
 * A write to DATA_DIR refused by the system: the disk is full (ENOSPC, EDQUOT), or the folder is
 * read-only or not ours (EROFS, EACCES, EPERM). Answered 507 and 503 with a plain message, and logged
 * as one clear line, rather than a 500 and a stack.
 */
export function diskProblem(
  error: unknown,
): { kind: 'full' | 'read-only'; code: string; path?: string } | undefined {
  for (
    let e = error as { code?: unknown; path?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth += 1
  ) {
    const path = typeof e.path === 'string' ? e.path : undefined;
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return { kind: 'full', code: e.code, path };
    if (e.code === 'EROFS' || e.code === 'EACCES' || e.code === 'EPERM')
      return { kind: 'read-only', code: e.code, path };
  }
  return undefined;
}
