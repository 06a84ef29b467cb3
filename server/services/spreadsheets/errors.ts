import type { ColumnMapping } from '#shared/import-columns.ts';
import type { ImportErrorCode } from '#shared/imports.ts';
import { HttpError } from '../errors.ts';

/**
 * A file or commit refused as a whole (docs/product.md R231), with its code for the reader's language
 * (admin-imports.json `errors.<code>`) and the English message for logs and the command line.
 */
export class ImportError extends HttpError {
  /** A `missing_column` refusal's columns and their fields, for the clerk to choose the missing ones (R617). */
  columns?: ColumnMapping[];

  constructor(
    statusCode: number,
    public readonly code: ImportErrorCode,
    public readonly params: Record<string, string | number> = {},
  ) {
    super(statusCode, `${code}${Object.keys(params).length ? ` ${JSON.stringify(params)}` : ''}`);
  }
}
