import { onUnauthorized } from '#client/lib/api.ts';
import {
  CSV_TYPE,
  type ImportErrorAnswer,
  type ImportPreview,
  type ImportResult,
  XLSX_TYPE,
} from '#shared/imports.ts';

/** A refused file or commit: its code (worded by admin-imports.json `errors`) and the server's message. */
export class ImportFailure extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string | undefined,
    message: string,
    public readonly params: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = 'ImportFailure';
  }
}

async function send<T>(path: string, body: BodyInit, type: string): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': type },
    body,
    credentials: 'same-origin',
  });
  if (response.status === 401) onUnauthorized();
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as Partial<ImportErrorAnswer>;
    throw new ImportFailure(
      response.status,
      answer.code,
      answer.message ?? `HTTP ${response.status}`,
      answer.params,
    );
  }
  return (await response.json()) as T;
}

/** The type the server reads the file as: by its name, as the command line does (CSV unless .xlsx). */
export const sheetTypeOf = (file: File) => (/\.xlsx$/i.test(file.name) ? XLSX_TYPE : CSV_TYPE);

/** POST /api/imports: the file as the raw body; answers the preview (nothing is saved). */
export function uploadSheet(file: File, createMissingItems: boolean): Promise<ImportPreview> {
  const query = createMissingItems ? '?createMissingItems=true' : '';
  return send(`/api/imports${query}`, file, sheetTypeOf(file));
}

/** POST /api/imports/{id}/commit. */
export function commitSheet(id: string, skipErrors: boolean): Promise<ImportResult> {
  return send(
    `/api/imports/${encodeURIComponent(id)}/commit`,
    JSON.stringify({ skipErrors }),
    'application/json',
  );
}

export const TEMPLATE_URL = '/api/sites/import-template.csv';
/** The export of the sites, with the locations page's filters when given (its query string). */
export const exportUrl = (format: 'csv' | 'xlsx', search = '') => `/api/sites/export.${format}${search}`;
