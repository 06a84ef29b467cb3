import { api } from '#client/lib/api.ts';
import { apiPaths } from '#shared/api-paths.ts';
import type { ImportField } from '#shared/import-columns.ts';
import { CSV_TYPE, type ImportPreview, type ImportResult, XLSX_TYPE, ZIP_TYPE } from '#shared/imports.ts';

/**
 * The import's calls (docs/product.md R238). A refused file or commit is an ApiError whose `code` and
 * `params` admin-imports.json `errors` words, with the server's message as the fallback.
 */

/** The type the server reads the file as: by its name, as the command line does (CSV unless .xlsx). */
export const sheetTypeOf = (file: File) => (/\.xlsx$/i.test(file.name) ? XLSX_TYPE : CSV_TYPE);

/**
 * POST /api/imports: the file as the raw body; answers the preview (nothing is saved). `mapping`, the
 * clerk's choice of fields for the file's columns (R617), goes as the `mapping` parameter.
 */
export function uploadSheet(
  file: File,
  createMissingItems: boolean,
  mapping?: Record<string, ImportField | null>,
): Promise<ImportPreview> {
  const path = apiPaths.imports(createMissingItems);
  const query = mapping
    ? `${path.includes('?') ? '&' : '?'}mapping=${encodeURIComponent(JSON.stringify(mapping))}`
    : '';
  return api(`${path}${query}`, {
    method: 'POST',
    body: file,
    contentType: sheetTypeOf(file),
  });
}

/** POST /api/imports/{id}/commit. */
export function commitSheet(id: string, skipErrors: boolean): Promise<ImportResult> {
  return api(apiPaths.importCommit(id), { method: 'POST', body: { skipErrors } });
}

/** POST /api/imports/hsds: an HSDS 3.0 datapackage.zip as the raw body; answers the preview (R646). */
export function uploadHsdsPackage(file: File): Promise<ImportPreview> {
  return api(apiPaths.importHsds, { method: 'POST', body: file, contentType: ZIP_TYPE });
}

/** POST /api/imports/hsds-url: an HSDS 3.0 API's address; answers the preview (R646). */
export function readHsdsUrl(url: string): Promise<ImportPreview> {
  return api(apiPaths.importHsdsUrl, { method: 'POST', body: { url } });
}
