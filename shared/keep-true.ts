/**
 * The words of confirmations and public reports that both sides use (docs/product.md R170–R176): the
 * API's schemas (shared/schemas/reports.ts, confirmations.ts) and the screens. No zod here, so the
 * screens take these without the schema library.
 */

/** How a site's facts were checked (R170). */
export const CONFIRMATION_METHODS = ['phone', 'email', 'visit', 'site-contact', 'other'] as const;
export type ConfirmationMethod = (typeof CONFIRMATION_METHODS)[number];
export const CONFIRMATION_NOTE_MAX = 500;

/** What a member of the public can say is wrong (R172), in the form's order. */
export const REPORT_REASONS = ['closed', 'hours', 'phone', 'address', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_MESSAGE_MAX = 2000;
export const REPORT_CONTACT_MAX = 200;

/**
 * Who sent a report (R496): the public form, or a site's contact answering the secret link e-mailed to
 * the site's own address (the link proves the address, so staff can trust the change more).
 */
export const REPORT_SOURCES = ['public', 'site-contact'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

export const REPORT_STATUSES = ['new', 'in-progress', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_NOTE_MAX = 1000;

/** Allowed status moves (R175); the same status with a new note is always allowed. */
export const REPORT_TRANSITIONS: Record<ReportStatus, readonly ReportStatus[]> = {
  new: ['in-progress', 'resolved', 'dismissed'],
  'in-progress': ['resolved', 'dismissed'],
  resolved: ['in-progress'],
  dismissed: ['in-progress'],
};

export function canMoveReport(from: ReportStatus, to: ReportStatus): boolean {
  return from === to || REPORT_TRANSITIONS[from].includes(to);
}
