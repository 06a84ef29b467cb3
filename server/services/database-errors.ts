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
