import { useQuery, useQueryClient } from '@tanstack/react-query';
import { afterAdminWrite } from '#client/lib/after-admin-write.ts';
import { api } from '#client/lib/api.ts';
import { apiPaths, apiRoutes, fillPath } from '#shared/api-paths.ts';
import { CSV_TYPE, XLSX_TYPE } from '#shared/imports.ts';
import type { MenuImportPreview, MenuImportResult } from '#shared/menu-import.ts';
import type { DietMark } from '#shared/schemas/diet-marks.ts';
import type { PartnerSite, PrintedMenu } from '#shared/schemas/menus.ts';
import type { StoredDay } from '../model/menu-grid.ts';

const menusRoot = ['admin', 'partner-menus'] as const;

/** GET /api/nutritionpartners/{id}/menu?from&to: a partner's stored menus of a month (R662). */
export function usePartnerMonth(partnerId: number | undefined, from: string, to: string) {
  return useQuery({
    queryKey: [...menusRoot, partnerId, from, to],
    queryFn: ({ signal }) =>
      api<{ from: string; to: string; days: StoredDay[] }>(
        `${apiPaths.partnerMenu(partnerId ?? 0)}?${new URLSearchParams({ from, to })}`,
        { signal },
      ),
    enabled: partnerId !== undefined,
    staleTime: 0,
  });
}

/**
 * GET /api/nutritionpartners/{id}/sites: the chosen partner's sites, id and name — whose own month a
 * sheet may be for (R675) — instead of the whole directory (R727).
 */
export function usePartnerSites(partnerId: number | undefined) {
  return useQuery({
    queryKey: [...menusRoot, 'sites', partnerId],
    queryFn: ({ signal }) =>
      api<PartnerSite[]>(fillPath(apiRoutes.partnerSites, { id: partnerId ?? 0 }), { signal }),
    enabled: partnerId !== undefined,
    staleTime: 60_000,
  });
}

/** PUT (a date written whole) or DELETE (none left) of one partner's date (R656). */
export function writePartnerDay(partnerId: number, date: string, body: { meals: unknown[] } | null) {
  const path = apiPaths.partnerMenuDay(partnerId, date);
  return body ? api<unknown>(path, { method: 'PUT', body }) : api<unknown>(path, { method: 'DELETE' });
}

/** After writes: the month read again, and the public views marked stale (the site pages' menus). */
export function useAfterMenuWrite() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([client.invalidateQueries({ queryKey: menusRoot }), afterAdminWrite(client)]);
  };
}

/** GET /api/dietmarks: the agency's own diet marks, offered as one-click marks next to the fixed ones (R694). */
export const dietMarksKey = [...menusRoot, 'diet-marks'] as const;

export function useAgencyDietMarks() {
  return useQuery({
    queryKey: dietMarksKey,
    queryFn: ({ signal }) => api<DietMark[]>(apiPaths.dietMarks, { signal }),
    staleTime: 60_000,
  });
}

/** GET /api/nutritionpartners/{id}/printed-menus: a partner's printed menus by month (R682). */
export function usePartnerPrintedMenus(partnerId: number | undefined) {
  return useQuery({
    queryKey: [...menusRoot, 'printed', partnerId],
    queryFn: ({ signal }) => api<PrintedMenu[]>(apiPaths.printedMenus('partner', partnerId ?? 0), { signal }),
    enabled: partnerId !== undefined,
    staleTime: 0,
  });
}

/** PUT (the file as the body) or DELETE (file null) of a partner's printed menu of a month (R682). */
export function writePartnerPrintedMenu(partnerId: number, month: string, file: File | null) {
  const path = apiPaths.printedMenu('partner', partnerId, month);
  return file
    ? api<PrintedMenu>(path, { method: 'PUT', body: file })
    : api<unknown>(path, { method: 'DELETE' });
}

/** The type the server reads a file as: by its name (CSV unless .xlsx), as the site import does. */
const sheetTypeOf = (file: File) => (/\.xlsx$/i.test(file.name) ? XLSX_TYPE : CSV_TYPE);

/** POST …/menu-import: a month of menus from a sheet, previewed; nothing is written (R676). */
export function previewMenuSheet(owner: MenuOwner, file: File): Promise<MenuImportPreview> {
  return api(apiPaths.menuImport(owner.kind, owner.id), {
    method: 'POST',
    body: file,
    contentType: sheetTypeOf(file),
  });
}

/** POST …/menu-import/commit?digest=: the same file written, all or nothing (R677). */
export function commitMenuSheet(owner: MenuOwner, file: File, digest: string): Promise<MenuImportResult> {
  return api(apiPaths.menuImportCommit(owner.kind, owner.id, digest), {
    method: 'POST',
    body: file,
    contentType: sheetTypeOf(file),
  });
}

/** Whose menus a sheet is imported as: the partner's, or one of its sites' own (R675). */
export interface MenuOwner {
  kind: 'partner' | 'site';
  id: number;
}
