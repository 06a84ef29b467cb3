import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSV_TYPE, IMPORT_LIMITS, XLSX_TYPE } from '#shared/imports.ts';
import { errorAnswers, RefusalErrorSchema } from '#shared/schemas/errors.ts';
import { importErrorMessage } from '../services/imports/messages.ts';
import { ImportError } from '../services/spreadsheets/errors.ts';
import { errorHandler } from './errors.ts';

/**
 * What every route that takes a spreadsheet shares (docs/product.md R230–R239, R675): the file as the
 * raw body read up to the file limit (413 at the first byte over), and a refused file or commit
 * answered with its code and the message in the reader's language.
 */

/** The error answers of an import route: a refused file carries a `code`, not field errors. */
export function refusals(...statuses: Parameters<typeof errorAnswers>) {
  const answers = errorAnswers(...statuses);
  for (const status of statuses) answers[status] = RefusalErrorSchema;
  return answers;
}

/** CSV and .xlsx bodies as bytes, and the refusals' answers, in the plugin `app` registers routes in. */
export function acceptSpreadsheets(app: FastifyInstance): void {
  app.addContentTypeParser(
    [CSV_TYPE, XLSX_TYPE],
    { parseAs: 'buffer', bodyLimit: IMPORT_LIMITS.maxBytes },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const refusal =
      error instanceof ImportError
        ? error
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? new ImportError(413, 'file_too_large', { mb: IMPORT_LIMITS.maxBytes / 1024 / 1024 })
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415
            ? new ImportError(415, 'unsupported_type')
            : undefined;
    if (!refusal) return errorHandler(error, request, reply);
    return reply.code(refusal.statusCode).send({
      status: refusal.statusCode,
      code: refusal.code,
      message: importErrorMessage(refusal.code, refusal.params, request.language),
      ...(Object.keys(refusal.params).length ? { params: refusal.params } : {}),
      ...(refusal instanceof ImportError && refusal.columns ? { columns: refusal.columns } : {}),
    });
  });
}

/** The sheet's kind from the request's content type; anything else is refused (415). */
export function sheetKindOf(request: FastifyRequest): 'csv' | 'xlsx' {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!Buffer.isBuffer(request.body) || (type !== CSV_TYPE && type !== XLSX_TYPE))
    throw new ImportError(415, 'unsupported_type');
  return type === CSV_TYPE ? 'csv' : 'xlsx';
}
