import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '#shared/api-paths.ts';
import { IMPORT_LIMITS, XLSX_TYPE, ZIP_TYPE } from '#shared/imports.ts';
import { errorAnswers } from '#shared/schemas/errors.ts';
import { ImportPreviewSchema, ImportResultSchema, StoredImportSchema } from '#shared/schemas/imports.ts';
import type { AppContext } from '../context.ts';
import { acceptSpreadsheets, refusals, sheetKindOf } from '../plugins/import-refusals.ts';
import { staffRoutes, staffUser } from '../plugins/staff-routes.ts';
import { readHsdsApi } from '../services/hsds-import/api.ts';
import { apiSource, packageSource, previewHsds } from '../services/hsds-import/import.ts';
import { commitImport } from '../services/imports/commit.ts';
import { mappingParam, readMappedTable } from '../services/imports/mappings.ts';
import { previewImport } from '../services/imports/preview.ts';
import { getImport } from '../services/imports/store.ts';
import { timeImport } from '../services/metrics.ts';
import { publicReads } from '../services/public-reads.ts';
import { ImportError } from '../services/spreadsheets/errors.ts';
import { exportFilename, exportSites, sitesCsvStream } from '../services/spreadsheets/export.ts';
import { readHsdsPackageFile } from '../services/spreadsheets/reader.ts';
import { templateCsv } from '../services/spreadsheets/write.ts';

/**
 * Spreadsheets in and out, for administrators (docs/product.md R230–R239): the import preview and its
 * commit, the blank template, and the export of the sites as CSV or Excel. In the staff route group
 * (docs/decisions/048): the caller is checked before a byte of the file is read.
 */
const importsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await staffRoutes(app, ctx, importsStaffRoutes);
};

const importsStaffRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db } = ctx.database;
  const reads = publicReads(ctx);
  const tags = ['imports'];
  // One Excel export built at a time in this process: the library holds a workbook whole (R710).
  let excelTurn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(make: () => Promise<T>): Promise<T> => {
    const run = excelTurn.then(make, make);
    excelTurn = run.catch(() => {});
    return run;
  };

  acceptSpreadsheets(app);

  app.post(
    apiRoutes.imports,
    {
      bodyLimit: IMPORT_LIMITS.maxBytes,
      schema: {
        tags,
        querystring: z.object({
          createMissingItems: z.enum(['true', 'false']).optional(),
          /** The clerk's choice of fields, as JSON: header → field, or null not to import the column (R617). */
          mapping: z.string().max(20_000).optional(),
        }),
        response: { 201: ImportPreviewSchema, ...refusals(400, 401, 403, 413, 415, 422) },
        hide: false,
      },
    },
    async (request, reply) => {
      const kind = sheetKindOf(request);
      const user = staffUser(request);
      const chosen = mappingParam(request.query.mapping);
      const { table, remembered } = await readMappedTable(db, request.body as Buffer, kind, {
        limits: {
          timeoutMs: ctx.config.IMPORT_READ_TIMEOUT_MS,
          memoryMb: ctx.config.IMPORT_READ_MEMORY_MB,
        },
        chosen,
        userId: user.id,
        now: ctx.now(),
      });
      const preview = await timeImport('preview', () =>
        previewImport(db, table, {
          createMissingItems: request.query.createMissingItems === 'true',
          userId: user.id,
          language: request.language,
          geocoder: ctx.geocoder,
          geocodeLimit: ctx.config.IMPORT_GEOCODES_MAX,
          now: ctx.now(),
        }),
      );
      return reply.code(201).send({ ...preview, mappingRemembered: remembered });
    },
  );

  // Another publisher's HSDS 3.0 data (docs/product.md R640–R649): its package as the raw body, read in
  // the reader's worker, or its API's address, read under the outbound rules; the same preview answer.
  app.addContentTypeParser(
    [ZIP_TYPE, 'application/x-zip-compressed'],
    { parseAs: 'buffer', bodyLimit: IMPORT_LIMITS.maxBytes },
    (_request, body, done) => done(null, body),
  );
  const hsdsQuery = z.object({ createMissingItems: z.enum(['true', 'false']).optional() });
  const hsdsPreview = (
    request: FastifyRequest<{ Querystring: z.infer<typeof hsdsQuery> }>,
    data: Parameters<typeof previewHsds>[1],
    source: Parameters<typeof previewHsds>[2],
  ) =>
    timeImport('preview', () =>
      previewHsds(db, data, source, {
        // List items of the source's taxonomies are created unless asked not to (R643).
        createMissingItems: request.query.createMissingItems !== 'false',
        userId: staffUser(request).id,
        language: request.language,
        geocoder: ctx.geocoder,
        geocodeLimit: ctx.config.IMPORT_GEOCODES_MAX,
        now: ctx.now(),
      }),
    );

  app.post(
    apiRoutes.importHsds,
    {
      // Another publisher's data: administrators only (R646).
      config: { allow: 'admin' },
      bodyLimit: IMPORT_LIMITS.maxBytes,
      schema: {
        tags,
        summary: 'Preview an import of an HSDS 3.0 datapackage.zip',
        querystring: hsdsQuery,
        response: { 201: ImportPreviewSchema, ...refusals(400, 401, 403, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw new ImportError(415, 'unsupported_type');
      const data = await readHsdsPackageFile(request.body, {
        timeoutMs: ctx.config.IMPORT_READ_TIMEOUT_MS,
        memoryMb: ctx.config.IMPORT_READ_MEMORY_MB,
      });
      return reply.code(201).send(await hsdsPreview(request, data, packageSource(data)));
    },
  );

  app.post(
    apiRoutes.importHsdsUrl,
    {
      // It makes the server fetch an address: administrators only (R646).
      config: { allow: 'admin' },
      schema: {
        tags,
        summary: 'Preview an import of an HSDS 3.0 API',
        querystring: hsdsQuery,
        body: z.object({ url: z.string().min(1).max(2000) }),
        response: { 201: ImportPreviewSchema, ...refusals(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const { base, ...data } = await readHsdsApi(request.body.url, {
        timeoutMs: ctx.config.HSDS_IMPORT_TIMEOUT_MS,
        maxBytes: ctx.config.HSDS_IMPORT_MAX_BYTES,
      });
      return reply.code(201).send(await hsdsPreview(request, data, apiSource(base)));
    },
  );

  app.get(
    apiRoutes.import,
    {
      schema: {
        tags,
        params: z.object({ id: z.string() }),
        response: { 200: StoredImportSchema, ...errorAnswers(401, 403, 404, 410) },
      },
    },
    async (request) => getImport(db, request.params.id, ctx.now()),
  );

  app.post(
    apiRoutes.importCommit,
    {
      schema: {
        tags,
        params: z.object({ id: z.string() }),
        body: z.object({ skipErrors: z.boolean().optional() }).optional(),
        response: { 200: ImportResultSchema, ...refusals(400, 401, 403, 404, 409, 410, 413, 415, 422) },
      },
    },
    async (request) => {
      const user = staffUser(request);
      return timeImport('commit', () =>
        commitImport(db, request.params.id, {
          userId: user.id,
          skipErrors: request.body?.skipErrors === true,
          now: ctx.now(),
          geocoder: ctx.geocoder,
        }),
      );
    },
  );

  app.get(
    apiRoutes.importTemplate,
    { schema: { tags, response: { ...errorAnswers(401, 403) } } },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="sites-template.csv"')
        .send(templateCsv()),
  );

  for (const format of ['csv', 'xlsx'] as const) {
    app.get(
      apiRoutes.sitesExport(format),
      { schema: { tags, response: { ...errorAnswers(401, 403) } } },
      async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const timeZone = ctx.config.AGENCY_TIME_ZONE;
        // The CSV streams from the cached list (R709); the Excel file is built whole (R710).
        const body =
          format === 'csv'
            ? sitesCsvStream(await reads.sites(), query, timeZone)
            : await inTurn(() => exportSites(db, query, format, timeZone));
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
