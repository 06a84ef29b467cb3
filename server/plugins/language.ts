import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  cookieValue,
  FALLBACK_LANGUAGE,
  firstLanguage,
  LANGUAGE_COOKIE,
  type Language,
} from '#shared/languages.ts';
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
 * The language the request asks for, or undefined when it names none: `lng` in the query, the
 * language cookie (set by the browser app whenever the visitor picks or is given a language), then
 * Accept-Language. The same order the browser app follows, so a page, its API calls and the e-mails
 * they send speak one language.
 */
export function preferredLanguage(request: Pick<FastifyRequest, 'url' | 'headers'>): Language | undefined {
  const { query } = splitUrl(request.url);
  const header = request.headers['accept-language'];
  return firstLanguage([
    query ? new URLSearchParams(query).get('lng') : undefined,
    cookieValue(request.headers.cookie, LANGUAGE_COOKIE),
    typeof header === 'string' ? header : undefined,
  ]);
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
