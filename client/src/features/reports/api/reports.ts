import { api } from '#client/lib/api.ts';
import type { ReportInput } from '../model/reports.ts';

/** The API paths of reports and of the site contact's confirmation link (client and server agree on them). */
export const reportPaths = {
  reports: '/api/reports',
  confirmation: (token: string) => `/api/confirmations/${encodeURIComponent(token)}`,
} as const;

/** POST /api/reports: anyone may send one; the answer is 202 `{received: true}`. */
export function sendReport(body: ReportInput) {
  return api<{ received: boolean }>(reportPaths.reports, { method: 'POST', body });
}
