import { z } from 'zod';
import { MENU_SHEET_COLUMNS, type MenuImportPreview, type MenuImportResult } from '../menu-import.ts';
import { RowErrorSchema } from './imports.ts';

/**
 * The answers of a month of menus imported from a sheet (docs/product.md R675–R679) as schemas, for
 * the routes and /api/openapi.json; the types the screen reads are in shared/menu-import.ts, and the
 * compiler checks below that the two say the same.
 */

const OwnerSchema = z.object({ kind: z.enum(['partner', 'site']), id: z.number() });

const PreviewMealSchema = z.object({
  mealTypeId: z.number(),
  dishes: z.array(
    z.object({ name: z.string(), nameEs: z.string(), nameZh: z.string(), diets: z.array(z.string()) }),
  ),
  note: z.string().nullable(),
});

export const MenuImportPreviewSchema = z.object({
  owner: OwnerSchema,
  from: z.string().nullable(),
  to: z.string().nullable(),
  summary: z.object({
    added: z.number(),
    changed: z.number(),
    removed: z.number(),
    unchanged: z.number(),
    errors: z.number(),
  }),
  dates: z.array(
    z.object({
      date: z.string(),
      change: z.enum(['added', 'changed', 'removed', 'unchanged']),
      before: z.array(PreviewMealSchema),
      after: z.array(PreviewMealSchema),
    }),
  ),
  errors: z.array(RowErrorSchema.extend({ row: z.number(), column: z.enum(MENU_SHEET_COLUMNS) })),
  notImported: z.array(z.string()),
  digest: z.string(),
});

export const MenuImportResultSchema = z.object({
  owner: OwnerSchema,
  written: z.array(z.string()),
  removed: z.array(z.string()),
  unchanged: z.number(),
});

/** `?digest=`: the preview's, so the commit writes what was previewed or nothing (R677). */
export const MenuImportCommitQuerySchema = z.object({ digest: z.string().min(1).max(128) });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<T extends true> = T;
export type MenuImportChecks = [
  Check<Same<z.infer<typeof MenuImportPreviewSchema>, MenuImportPreview>>,
  Check<Same<z.infer<typeof MenuImportResultSchema>, MenuImportResult>>,
];
