import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, type Language, pickLanguage } from '#shared/languages.ts';
import { splitUrl } from './request-path.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language of whatever the server words for this person (a rendered page, an e-mail, a
     * message): `?lng=` in the address, then the language cookie the browser app keeps, then
     * Accept-Language, then English. Worked out on first use, once per request.
     */
    readonly language: Language;
  }
}

/**
 * The value of the first cookie called `name` in a Cookie header, %-decoded; undefined when there is
 * none or it cannot be decoded ('%', '%E0%A4%A'): a bad cookie is ignored, never an error. One pass
 * over the header with indexOf, no regular expression.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(';', start);
    if (end < 0) end = header.length;
    const eq = header.indexOf('=', start);
    if (eq >= 0 && eq < end && header.slice(start, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
    start = end + 1;
  }
  return undefined;
}

/**
 * The language the request asks for, or undefined when it names none: `lng` in the query, the
 * language cookie (set by the browser app whenever the visitor picks or is given a language), then
 * Accept-Language. The same order the browser app follows, so a page, its API calls and the e-mails
 * they send speak one language.
 */
export function preferredLanguage(request: Pick<FastifyRequest, 'url' | 'headers'>): Language | undefined {
  const { query } = splitUrl(request.url);
  const header = request.headers['accept-language'];
  return (
    (query ? pickLanguage(new URLSearchParams(query).get('lng')) : undefined) ??
    pickLanguage(cookieValue(request.headers.cookie, LANGUAGE_COOKIE)) ??
    pickLanguage(typeof header === 'string' ? header : undefined)
  );
}

/** `request.language` on every request (docs/architecture.md, "A language switch"). */
export default fp(async function languagePlugin(app: FastifyInstance) {
  app.decorateRequest('language', {
    getter(this: FastifyRequest & { _language?: Language }) {
      this._language ??= preferredLanguage(this) ?? FALLBACK_LANGUAGE;
      return this._language;
    },
  });
});
