import {
  REPORT_CONTACT_MAX,
  REPORT_MESSAGE_MAX,
  REPORT_REASONS,
  type ReportReason,
} from '#shared/keep-true.ts';

/** What a visitor can say is wrong (docs/product.md R192): the API's `reasons`, in this order on the form. */
export { REPORT_REASONS, type ReportReason };

/** The longest message and contact the API takes (POST /api/reports). */
export const MESSAGE_MAX = REPORT_MESSAGE_MAX;
export const CONTACT_MAX = REPORT_CONTACT_MAX;

/** POST /api/reports: the body. `website` is the field people never see (docs/product.md R193). */
export interface ReportInput {
  siteId?: number;
  reasons: ReportReason[];
  message?: string;
  contact?: string;
  website?: string;
}

/** The body to send: empty text left out, text trimmed. */
export function reportBody(input: {
  siteId?: number | undefined;
  reasons: readonly ReportReason[];
  message: string;
  contact: string;
  website: string;
}): ReportInput {
  const body: ReportInput = { reasons: REPORT_REASONS.filter((reason) => input.reasons.includes(reason)) };
  if (input.siteId !== undefined) body.siteId = input.siteId;
  const message = input.message.trim();
  const contact = input.contact.trim();
  if (message) body.message = message;
  if (contact) body.contact = contact;
  if (input.website) body.website = input.website;
  return body;
}

/**
 * How a confirmation link stands (GET /api/confirmations/{token}): 404 unknown; 410 used or expired.
 * Which of the two a 410 is comes only from its `code` ("link_used", "link_expired"), never from its
 * wording; a 410 without one is "gone", which says both (docs/product.md R200).
 */
export type LinkProblem = 'unknown' | 'used' | 'expired' | 'gone';

export function linkProblem(status: number, code?: string): LinkProblem | null {
  if (status === 404) return 'unknown';
  if (status !== 410) return null;
  return code === 'link_used' ? 'used' : code === 'link_expired' ? 'expired' : 'gone';
}
