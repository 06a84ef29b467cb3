import { z } from 'zod';
import { FACT_COLUMNS } from '../fact-cells.ts';
import { HOURS_GUESSES } from '../hours-reading.ts';
import { IMPORT_FIELDS } from '../import-columns.ts';
import {
  type ImportPreview,
  type ImportResult,
  ITEM_TRANSLATION_COLUMNS,
  NAME_TRANSLATION_COLUMNS,
  READ_ONLY_COLUMNS,
  SHEET_COLUMNS,
  type SheetRow,
  SITE_COLUMNS,
} from '../imports.ts';

/**
 * The answers of the spreadsheet import (docs/product.md R230–R239) as schemas, for the routes'
 * responses and /api/openapi.json. The types the staff screen reads stay in shared/imports.ts (no
 * zod there); the compiler checks below that the two say the same.
 */

/** A new site's row: every cell of the site as text, the facts' cells where the row has them. */
const NewSiteCellsSchema = z.object({
  ...Object.fromEntries(
    SITE_COLUMNS.filter((column) => column !== 'id').map((column) => [column, z.string()]),
  ),
  ...Object.fromEntries(
    [...FACT_COLUMNS, ...NAME_TRANSLATION_COLUMNS, ...ITEM_TRANSLATION_COLUMNS, ...READ_ONLY_COLUMNS].map(
      (column) => [column, z.string().optional()],
    ),
  ),
}) as unknown as z.ZodType<Omit<SheetRow, 'id'>>;

export const RowErrorSchema = z.object({
  column: z.string(),
  code: z.string(),
  message: z.string(),
  params: z
    .record(
      z.string(),
      z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()])).readonly()]),
    )
    .optional(),
});

export const FieldChangeSchema = z.object({
  field: z.enum(SHEET_COLUMNS),
  before: z.string(),
  after: z.string(),
});

/** `noPosition`: the geocoder found no position; `locateOnSave`: the address is looked up at commit. */
const positionFlags = {
  noPosition: z.literal(true).optional(),
  locateOnSave: z.literal(true).optional(),
};

/** How a cell not in the export's form was read: the hours saved and what was guessed (R603). */
const ReadAsSchema = z.array(
  z.object({
    column: z.literal('hours'),
    hours: z.array(
      z.object({
        day: z.number(),
        open: z.string(),
        close: z.string(),
        weeks: z.array(z.number()).optional(),
      }),
    ),
    guesses: z.array(z.enum(HOURS_GUESSES)),
  }),
);
const readAs = { readAs: ReadAsSchema.optional() };

/** One data row of the file; `row` is its row number in the sheet (the header is row 1). */
export const PreviewRowSchema = z.discriminatedUnion('kind', [
  z.object({
    row: z.number(),
    kind: z.literal('new'),
    site: NewSiteCellsSchema,
    ...positionFlags,
    ...readAs,
  }),
  z.object({
    row: z.number(),
    kind: z.literal('changed'),
    siteId: z.number(),
    name: z.string().optional(),
    changes: z.array(FieldChangeSchema),
    ...positionFlags,
    ...readAs,
  }),
  z.object({
    row: z.number(),
    kind: z.literal('unchanged'),
    siteId: z.number(),
    name: z.string().optional(),
  }),
  z.object({ row: z.number(), kind: z.literal('error'), errors: z.array(RowErrorSchema) }),
]);

/** List items the file names that do not exist yet, created at commit (with createMissingItems). */
const ItemNameSchema = z.object({ name: z.string().optional() }).optional();
const NewItemsSchema = z.array(
  z.object({
    list: z.string(),
    name: z.string(),
    translations: z.object({ es: ItemNameSchema, zh: ItemNameSchema }).optional(),
  }),
);

/** POST /api/imports (201): what the file would do; nothing is saved but the preview. */
export const ImportPreviewSchema = z.object({
  id: z.uuid(),
  summary: z.object({ new: z.number(), changed: z.number(), unchanged: z.number(), errors: z.number() }),
  rows: z.array(PreviewRowSchema),
  newItems: NewItemsSchema,
  /** What the source holds that cannot be brought in, with how many (an HSDS import, R642). */
  unmapped: z.array(z.object({ what: z.string(), count: z.number() })).optional(),
  /** The file's columns, the field each is imported into (null: not imported), and whether it was guessed. */
  columns: z
    .array(z.object({ header: z.string(), field: z.enum(IMPORT_FIELDS).nullable(), guessed: z.boolean() }))
    .optional(),
  notImported: z.array(z.string()).optional(),
  mappingRemembered: z.boolean().optional(),
  /** What the import would take away from stored sites: fields emptied, list items removed (R621). */
  destructive: z
    .object({
      fieldsEmptied: z.number(),
      itemsRemoved: z.number(),
      changes: z.array(
        z.object({
          row: z.number(),
          siteId: z.number(),
          name: z.string(),
          field: z.enum(SHEET_COLUMNS),
          removed: z.array(z.string()).optional(),
        }),
      ),
    })
    .optional(),
});

/** GET /api/imports/{id}: a stored preview's rows again, and whether it was committed. */
export const StoredImportSchema = z.object({
  id: z.uuid(),
  status: z.enum(['pending', 'committed']),
  rows: z.array(PreviewRowSchema),
  newItems: NewItemsSchema,
});
export type StoredImport = z.infer<typeof StoredImportSchema>;

/** POST /api/imports/{id}/commit: the sites created and updated, and the list items created. */
export const ImportResultSchema = z.object({
  id: z.uuid(),
  created: z.array(z.number()),
  updated: z.array(z.number()),
  unchanged: z.number(),
  skipped: z.number(),
  newItems: z.array(z.object({ list: z.string(), name: z.string(), id: z.number() })),
});

/** True when A and B are the same type (each assignable to the other). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<T extends true> = T;
/** Fails to compile when a schema and its type in shared/imports.ts say different things. */
export type ImportSchemasAgree = [
  Check<Same<z.infer<typeof ImportPreviewSchema>, ImportPreview>>,
  Check<Same<z.infer<typeof ImportResultSchema>, ImportResult>>,
];
