import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { isLanguage } from '#shared/languages.ts';
import {
  PROPOSAL_CLOSED,
  PROPOSAL_FIELDS,
  type ProposalDecisions,
  type ProposalDetail,
  type ProposalField,
  type ProposalSummary,
} from '#shared/schemas/proposals.ts';
import { type Site, type SiteUpdate, SiteUpdateSchema } from '#shared/schemas/sites.ts';
import { codeOfIssue, invalidField } from '#shared/validation.ts';
import type { Db } from '../db/client.ts';
import { history, type ProposalDecisionRecord, siteProposals, sites, users } from '../db/schema.ts';
import { directoryWrite } from './directory-changes.ts';
import { ConflictError, HttpError, NotFoundError, ValidationError } from './errors.ts';
import type { Message } from './mail.ts';
import { proposalOutcomeEmail } from './proposal-email.ts';
import { getSite } from './site-reads.ts';
import { updateSite } from './sites.ts';

/*
 * Proposals (docs/product.md R590–R599, docs/decisions/056-proposals.md): a partner manager's change
 * to a site checked like a save and kept for staff, who apply or reject it field by field; applied
 * fields are saved through updateSite, credited to the proposer.
 */

type Row = typeof siteProposals.$inferSelect;
type Values = Partial<Record<ProposalField, unknown>>;

/** JSON with sorted keys and without undefined: two values are the same when these are equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** A field's value as the site answer gives it ("no phone" is null, as a write says it). */
function siteValue(site: Site, field: ProposalField): unknown {
  if (field === 'phoneNumber') return site.phoneNumber || null;
  return site[field] ?? null;
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * A partner manager's PATCH under PARTNER_CHANGES=review (R591): checked against the site's version
 * like a save (409 when stale), then kept as a proposal of the fields that differ from the site now.
 * Null when nothing differs: nothing is stored.
 */
export async function proposeChange(
  db: Db,
  siteId: number,
  input: SiteUpdate,
  proposer: { userId: number } | { contactEmail: string; language: string | null },
): Promise<ProposalSummary | null> {
  const id = await db.transaction(async (tx) => {
    const site = await getSite(tx, siteId);
    if (input.version !== undefined && input.version !== site.version) throw new ConflictError(site);
    const base: Values = {};
    const changes: Values = {};
    for (const field of PROPOSAL_FIELDS) {
      const value = input[field];
      if (value === undefined || same(value, siteValue(site, field))) continue;
      base[field] = siteValue(site, field);
      changes[field] = value;
    }
    if (Object.keys(changes).length === 0) return null;
    const [row] = await tx
      .insert(siteProposals)
      .values({
        siteId,
        baseVersion: site.version,
        base,
        changes,
        ...('userId' in proposer
          ? { proposedBy: proposer.userId }
          : { contactEmail: proposer.contactEmail, language: proposer.language }),
      })
      .returning({ id: siteProposals.id });
    return row!.id;
  });
  if (id === null) return null;
  const [summary] = await summaries(db, eq(siteProposals.id, id));
  return summary!;
}

const fieldsOf = (row: Row) => Object.keys(row.changes as Values) as ProposalField[];

async function summaries(db: Db, where: SQL): Promise<ProposalSummary[]> {
  const rows = await db
    .select({ proposal: siteProposals, siteName: sites.name, user: users })
    .from(siteProposals)
    .innerJoin(sites, eq(sites.id, siteProposals.siteId))
    .leftJoin(users, eq(users.id, siteProposals.proposedBy))
    .where(where)
    .orderBy(desc(siteProposals.createdAt), desc(siteProposals.id));
  return rows.map(({ proposal, siteName, user }) => ({
    id: proposal.id,
    siteId: proposal.siteId,
    siteName,
    status: proposal.status,
    createdAt: proposal.createdAt.toISOString(),
    closedAt: proposal.closedAt?.toISOString() ?? null,
    proposer: {
      user: user ? { id: user.id, firstName: user.firstName, lastName: user.lastName } : null,
      siteContact: proposal.contactEmail !== null,
    },
    fields: fieldsOf(proposal).map((field) => ({
      field,
      outcome: proposal.decisions[field]?.outcome ?? null,
    })),
  }));
}

/** GET /api/proposals: the open proposals, newest first (R592). */
export const openProposals = (db: Db) => summaries(db, eq(siteProposals.status, 'open'));

/** GET /api/proposals/mine: a proposer's own proposals in every state, newest first (R596). */
export const proposalsBy = (db: Db, userId: number) => summaries(db, eq(siteProposals.proposedBy, userId));

/** GET /api/proposals/{id}: field by field, then and now (R593). */
export async function proposalDetail(db: Db, id: number): Promise<ProposalDetail> {
  const [summary] = await summaries(db, eq(siteProposals.id, id));
  if (!summary) throw new NotFoundError();
  const [row] = await db.select().from(siteProposals).where(eq(siteProposals.id, id));
  const site = await getSite(db, row!.siteId);
  const deciders = [...new Set(Object.values(row!.decisions).map((d) => d.by))];
  const people = deciders.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, deciders))
    : [];
  const base = row!.base as Values;
  const changes = row!.changes as Values;
  return {
    ...summary,
    baseVersion: row!.baseVersion,
    siteVersion: site.version,
    fields: fieldsOf(row!).map((field) => {
      const decision = row!.decisions[field];
      const current = siteValue(site, field);
      return {
        field,
        base: base[field] ?? null,
        current,
        proposed: changes[field] ?? null,
        changedSince: !same(base[field], current),
        decision: decision
          ? {
              outcome: decision.outcome,
              by: people.find((person) => person.id === decision.by) ?? null,
              at: decision.at,
            }
          : null,
      };
    }),
  };
}

/** The stored values of some fields through the site's write schema again, as a save would check them. */
function checkedInput(changes: Values, fields: ProposalField[], body: ProposalDecisions): SiteUpdate {
  const picked = Object.fromEntries(fields.map((field) => [field, changes[field]]));
  const parsed = SiteUpdateSchema.safeParse({
    ...picked,
    version: body.version,
    ...(body.confirmDuplicate !== undefined && { confirmDuplicate: body.confirmDuplicate }),
  });
  if (parsed.success) return parsed.data;
  throw new ValidationError(
    parsed.error.issues.map((issue) => ({
      path: issue.path.join('.') || 'body',
      message: issue.message,
      ...codeOfIssue((issue as { params?: unknown }).params),
    })),
  );
}

/**
 * POST /api/proposals/{id}/decisions (R594): the applied fields saved to the site through updateSite
 * (validation, hours, the directory-changed signal, the version) in one transaction with the decisions,
 * credited in the history to the proposer with `@proposal` {id, appliedBy}; a rejection alone changes
 * only the proposal (the directory-changed signal is given anyway: one rebuilt cache, rarely). Once every field is decided the proposal closes and the proposer's e-mail is
 * answered for the caller to queue (R595).
 */
export async function decideProposal(
  db: Db,
  id: number,
  body: ProposalDecisions,
  staffId: number,
): Promise<{ detail: ProposalDetail; mail: Message | null }> {
  const apply = [...new Set(body.apply ?? [])];
  const reject = [...new Set(body.reject ?? [])];
  if (apply.length + reject.length === 0) throw new ValidationError([invalidField('apply', 'required')]);
  if (apply.some((field) => reject.includes(field)))
    throw new ValidationError([invalidField('reject', 'duplicate_items')]);
  const closed = await directoryWrite(db, async (tx): Promise<Row> => {
    const [row] = await tx.select().from(siteProposals).where(eq(siteProposals.id, id)).for('update');
    if (!row) throw new NotFoundError();
    if (row.status === 'closed')
      throw new HttpError(409, 'This proposal has already been decided.', { code: PROPOSAL_CLOSED });
    const open = fieldsOf(row).filter((field) => !row.decisions[field]);
    const choices = { choices: open.join(', ') };
    const stray = [
      ...apply.filter((f) => !open.includes(f)).map(() => invalidField('apply', 'invalid_choice', choices)),
      ...reject.filter((f) => !open.includes(f)).map(() => invalidField('reject', 'invalid_choice', choices)),
    ];
    if (stray.length) throw new ValidationError(stray.slice(0, 2));
    const [site] = await tx
      .select({ version: sites.version })
      .from(sites)
      .where(eq(sites.id, row.siteId))
      .for('update');
    if (!site) throw new NotFoundError();
    if (site.version !== body.version) throw new ConflictError(await getSite(tx, row.siteId));
    const at = new Date().toISOString();
    const decisions: Record<string, ProposalDecisionRecord> = { ...row.decisions };
    if (apply.length) {
      const input = checkedInput(row.changes as Values, apply, body);
      await updateSite(
        tx,
        row.siteId,
        input,
        row.proposedBy,
        { source: 'proposal' },
        {
          '@proposal': { id: row.id, appliedBy: staffId },
        },
      );
      const [entry] = await tx
        .select({ id: history.id })
        .from(history)
        .where(and(eq(history.entity, 'site'), eq(history.entityId, row.siteId)))
        .orderBy(desc(history.id))
        .limit(1);
      for (const field of apply)
        decisions[field] = { outcome: 'applied', by: staffId, at, historyId: entry?.id };
    }
    for (const field of reject) decisions[field] = { outcome: 'rejected', by: staffId, at };
    const done = fieldsOf(row).every((field) => decisions[field]);
    const [updated] = await tx
      .update(siteProposals)
      .set({ decisions, ...(done && { status: 'closed' as const, closedAt: new Date() }) })
      .where(eq(siteProposals.id, id))
      .returning();
    return updated!;
  });
  const detail = await proposalDetail(db, id);
  return { detail, mail: closed.status === 'closed' ? await outcomeMail(db, closed, detail) : null };
}

/** The proposer's e-mail of a closed proposal: to their account's address, or the contact's (R595). */
async function outcomeMail(db: Db, row: Row, detail: ProposalDetail): Promise<Message | null> {
  const [user] = row.proposedBy
    ? await db.select().from(users).where(eq(users.id, row.proposedBy))
    : [undefined];
  const to = user?.email ?? row.contactEmail;
  if (!to) return null;
  const language = user?.language ?? row.language;
  return proposalOutcomeEmail({
    to,
    name: user?.firstName ?? '',
    site: detail.siteName,
    language: isLanguage(language) ? language : 'en',
    outcomes: fieldsOf(row).map((field) => ({ field, outcome: row.decisions[field]!.outcome })),
  });
}
