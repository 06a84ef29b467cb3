import type { FastifyInstance } from 'fastify';
import { HttpError } from '../services/errors.ts';

/**
 * The deepest JSON body the API accepts. The deepest real one is three levels (a site, its `Hours`
 * array, one interval); a few more leave room for additive fields. Deeper bodies are refused before
 * they are parsed, so nesting cannot be used to make the parser (or a schema walking the result) work.
 */
export const MAX_JSON_DEPTH = 8;

/**
 * How deep the arrays and objects of a JSON text nest, counted in one pass over its characters
 * (brackets inside strings do not count). Stops counting as soon as `limit` is passed.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i += 1;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth -= 1;
  }
  return false;
}

/**
 * JSON bodies: read as text up to the body limit, refused with 400 when nested deeper than
 * MAX_JSON_DEPTH, then parsed by Fastify's own parser (which refuses __proto__ and constructor keys).
 */
export function installJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) {
      done(new HttpError(400, `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`));
      return;
    }
    parse(request, body as string, done);
  });
}

/**
 * A request for no route is answered 404 as soon as it arrives, before its body is read or parsed:
 * an unknown path costs nothing however large or deep the body sent with it. GET and HEAD requests
 * outside /api go on to the page renderer, which answers the app's page (with its own 404 screen).
 */
export function refuseUnknownRoutesEarly(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404) return done();
    const page =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !(request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/api?'));
    if (page) return done();
    reply.code(404).send({ status: 404, message: 'Not found' });
  });
}
