import { api } from '#client/lib/api.ts';
import { apiRoutes, fillPath } from '#shared/api-paths.ts';
import type { ReportInput } from '../model/reports.ts';

/** The API paths of reports and of the site contact's confirmation link, from the routes' table (shared/api-paths.ts). */
export const reportPaths = {
  reports: apiRoutes.reports,
  confirmation: (token: string) => fillPath(apiRoutes.confirmation, { token }),
} as const;

/** POST /api/reports: anyone may send one; the answer is 202 `{received: true}`. */
export function sendReport(body: ReportInput) {
  return api<{ received: boolean }>(reportPaths.reports, { method: 'POST', body });
}
