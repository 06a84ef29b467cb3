import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request a piece of work is done for, without threading it through every call: the geocoder
 * sends its id on, so a request can be followed into the services it called.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

export function runWithRequestId(requestId: string, work: () => void) {
  storage.run({ requestId }, work);
}

/** The id of the request being answered, if any. */
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** Printable ASCII, 1–128 characters: an id a proxy or client sends that is safe to log and echo. */
const VALID_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * The id of a request: the `X-Request-Id` a proxy or client sent when it is printable and at most
 * 128 characters, otherwise a new random UUID — never a per-process counter, which repeats across
 * processes and restarts.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && VALID_ID.test(value) ? value : randomUUID();
}
