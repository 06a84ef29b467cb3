import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_TYPE, IMPORT_LIMITS, XLSX_TYPE } from '#shared/imports.ts';
import type { AppContext } from '../context.ts';
import { errorHandler } from '../plugins/errors.ts';
import { requireAdmin } from '../plugins/session.ts';
import { commitImport, getImport, previewImport } from '../services/imports/imports.ts';
import { importErrorMessage } from '../services/imports/messages.ts';
import { timeImport } from '../services/metrics.ts';
import { ImportError } from '../services/spreadsheets/errors.ts';
import { exportFilename, exportSites } from '../services/spreadsheets/export.ts';
import { readSpreadsheet } from '../services/spreadsheets/reader.ts';
import { templateCsv } from '../services/spreadsheets/write.ts';

/**
 * Spreadsheets in and out, for administrators (docs/product.md R230–R239): the import preview and its
 * commit, the blank template, and the export of the sites as CSV or Excel.
 */
const importsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const tags = ['imports'];
  await app.register(app.sessions);

  // The file arrives as the raw body, read up to the file limit (413 at the first byte over).
  app.addContentTypeParser(
    [CSV_TYPE, XLSX_TYPE],
    { parseAs: 'buffer', bodyLimit: IMPORT_LIMITS.maxBytes },
    (_request, body, done) => done(null, body),
  );

  // A refused file or commit is answered with its code and the message in the reader's language.
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
    });
  });

  app.post(
    '/api/imports',
    {
      onRequest: requireAdmin,
      bodyLimit: IMPORT_LIMITS.maxBytes,
      schema: {
        tags,
        querystring: z.object({ createMissingItems: z.enum(['true', 'false']).optional() }),
        hide: false,
      },
    },
    async (request, reply) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!Buffer.isBuffer(request.body) || (type !== CSV_TYPE && type !== XLSX_TYPE))
        throw new ImportError(415, 'unsupported_type');
      const user = await request.currentUser();
      const table = await readSpreadsheet(request.body, type === CSV_TYPE ? 'csv' : 'xlsx', {
        timeoutMs: ctx.config.IMPORT_READ_TIMEOUT_MS,
        memoryMb: ctx.config.IMPORT_READ_MEMORY_MB,
      });
      const preview = await timeImport('preview', () =>
        previewImport(db, table, {
          createMissingItems: request.query.createMissingItems === 'true',
          userId: user!.id,
          language: request.language,
          geocoder: ctx.geocoder,
          geocodeLimit: ctx.config.IMPORT_GEOCODES_MAX,
          now: ctx.now(),
        }),
      );
      return reply.code(201).send(preview);
    },
  );

  app.get(
    '/api/imports/:id',
    { onRequest: requireAdmin, schema: { tags, params: z.object({ id: z.string() }) } },
    async (request) => getImport(db, request.params.id, ctx.now()),
  );

  app.post(
    '/api/imports/:id/commit',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        params: z.object({ id: z.string() }),
        body: z.object({ skipErrors: z.boolean().optional() }).optional(),
      },
    },
    async (request) => {
      const user = await request.currentUser();
      return timeImport('commit', () =>
        commitImport(db, request.params.id, {
          userId: user!.id,
          skipErrors: request.body?.skipErrors === true,
          now: ctx.now(),
          geocoder: ctx.geocoder,
        }),
      );
    },
  );

  app.get(
    '/api/sites/import-template.csv',
    { onRequest: requireAdmin, schema: { tags } },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="sites-template.csv"')
        .send(templateCsv()),
  );

  for (const format of ['csv', 'xlsx'] as const) {
    app.get(
      `/api/sites/export.${format}`,
      { onRequest: requireAdmin, schema: { tags } },
      async (request, reply) => {
        const body = await exportSites(db, request.query as Record<string, unknown>, format);
        return reply
          .type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
          .header('Cache-Control', 'no-store')
          .header('Content-Disposition', `attachment; filename="${exportFilename(ctx.today(), format)}"`)
          .send(body);
      },
    );
  }
};

export default importsRoutes;
