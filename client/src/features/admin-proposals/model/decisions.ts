import type { ProposalDecisions, ProposalDetail, ProposalField } from '#shared/schemas/proposals.ts';

/** What the reviewer chose for one field: apply it, reject it, or leave it for later. */
export type Choice = 'apply' | 'reject' | 'later';

/** The decisions' body from the reviewer's choices; null when nothing was chosen. */
export function decisionsBody(
  choices: Partial<Record<ProposalField, Choice>>,
  siteVersion: number,
  confirmDuplicate = false,
): ProposalDecisions | null {
  const pick = (choice: Choice) =>
    (Object.entries(choices) as [ProposalField, Choice][]).filter(([, c]) => c === choice).map(([f]) => f);
  const apply = pick('apply');
  const reject = pick('reject');
  if (apply.length + reject.length === 0) return null;
  return { apply, reject, version: siteVersion, ...(confirmDuplicate && { confirmDuplicate }) };
}

/** The fields still waiting for a decision. */
export const undecided = (proposal: ProposalDetail) => proposal.fields.filter((field) => !field.decision);
