import { isIPv6 } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  canMoveReport,
  REPORT_REASONS,
  type Report,
  type ReportCreate,
  type ReportReason,
  type ReportSource,
  type ReportStatus,
  type ReportUpdate,
} from '#shared/schemas/reports.ts';
import { invalidField } from '#shared/validation.ts';
import type { Db } from '../db/client.ts';
import { history, reports, sites } from '../db/schema.ts';
import { NotFoundError, ValidationError } from './errors.ts';
import { escapeHtml, type Message, oneLine, quoteHtml, quoteText } from './mail.ts';
import { fixesOf, recordReportChange, trailsOf } from './report-trail.ts';

/** The same report (site, reasons, message) sent again within this time is not stored again (R174). */
const DUPLICATE_WINDOW_MS = 24 * 3_600_000;

/** The reasons in the order of REPORT_REASONS: one spelling of "the same report", whatever the order sent. */
const inListOrder = (reasons: readonly ReportReason[]) => REPORT_REASONS.filter((r) => reasons.includes(r));

const columns = {
  id: reports.id,
  siteId: reports.siteId,
  siteName: sites.name,
  reasons: reports.reasons,
  message: reports.message,
  contact: reports.contact,
  source: reports.source,
  status: reports.status,
  note: reports.note,
  fixedBy: reports.fixedBy,
  createdAt: reports.createdAt,
  updatedAt: reports.updatedAt,
};

interface Row {
  id: number;
  siteId: number | null;
  siteName: string | null;
  reasons: string[];
  message: string | null;
  contact: string | null;
  source: string;
  status: string;
  note: string | null;
  fixedBy: number | null;
  createdAt: Date;
  updatedAt: Date;
}

async function present(db: Db, rows: Row[]): Promise<Report[]> {
  const trails = await trailsOf(
    db,
    rows.map((row) => row.id),
  );
  const fixes = await fixesOf(db, [
    ...new Set(rows.flatMap((row) => (row.fixedBy === null ? [] : [row.fixedBy]))),
  ]);
  return rows.map((row) => ({
    ...row,
    fixedBy: row.fixedBy === null ? null : (fixes.get(row.fixedBy) ?? null),
    notes: trails.get(row.id)?.notes ?? [],
    events: trails.get(row.id)?.events ?? [],
    reasons: row.reasons as ReportReason[],
    source: row.source as ReportSource,
    status: row.status as ReportStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function reportById(db: Db, id: number): Promise<Report> {
  const [row] = await db
    .select(columns)
    .from(reports)
    .leftJoin(sites, eq(sites.id, reports.siteId))
    .where(eq(reports.id, id));
  if (!row) throw new NotFoundError();
  return (await present(db, [row]))[0]!;
}

/**
 * Stores a report from the public (docs/product.md R172–R174) and answers it, or null when it was not
 * stored because the same report arrived within 24 hours. An unknown site is a 422 on `siteId`. Two
 * identical reports at the same instant are serialised on their fingerprint, so only one is stored.
 * `source` says who sent it (R496); a site contact's report is never taken for a repeat of the
 * public's, so its mark is never lost.
 */
export async function createReport(
  db: Db,
  input: Omit<ReportCreate, 'website'>,
  now: Date,
  source: ReportSource = 'public',
): Promise<Report | null> {
  const siteId = input.siteId ?? null;
  const message = input.message ?? null;
  const reasons = inListOrder(input.reasons);
  return db.transaction(async (tx) => {
    if (siteId !== null) {
      const [site] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId));
      if (!site) throw new ValidationError([invalidField('siteId', 'unknown_ids', { ids: [siteId] })]);
    }
    // Identical reports arriving together wait for each other here, so only the first is stored.
    const key = JSON.stringify(['report', siteId, reasons, message, source]);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const since = new Date(now.getTime() - DUPLICATE_WINDOW_MS);
    const [seen] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          siteId === null ? isNull(reports.siteId) : eq(reports.siteId, siteId),
          eq(reports.reasons, reasons),
          message === null ? isNull(reports.message) : eq(reports.message, message),
          eq(reports.source, source),
          gt(reports.createdAt, since),
        ),
      )
      .limit(1);
    if (seen) return null;
    const [row] = await tx
      .insert(reports)
      .values({
        siteId,
        reasons,
        message,
        contact: input.contact ?? null,
        source,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: reports.id });
    return reportById(tx, row!.id);
  });
}

/** The staff queue, newest first, optionally of one status (docs/product.md R175). */
export async function listReports(db: Db, status?: ReportStatus): Promise<Report[]> {
  const rows = await db
    .select(columns)
    .from(reports)
    .leftJoin(sites, eq(sites.id, reports.siteId))
    .where(status ? eq(reports.status, status) : undefined)
    .orderBy(desc(reports.createdAt), desc(reports.id));
  return present(db, rows);
}

/**
 * Moves a report to a status allowed from its current one (R175); 422 `report_transition` otherwise.
 * A note is added to the report's notes, and a change of status recorded, both with `userId` (R541);
 * `note` answers the latest note.
 */
export async function updateReport(
  db: Db,
  id: number,
  input: ReportUpdate,
  now: Date,
  userId: number | null,
): Promise<Report> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: reports.status, siteId: reports.siteId })
      .from(reports)
      .where(eq(reports.id, id))
      .for('update');
    if (!current) throw new NotFoundError();
    // The fixing change must be one of the report's own site's (R577).
    if (input.fixedBy !== undefined && input.fixedBy !== null) {
      const [entry] =
        current.siteId === null
          ? []
          : await tx
              .select({ id: history.id })
              .from(history)
              .where(
                and(
                  eq(history.id, input.fixedBy),
                  eq(history.entity, 'site'),
                  eq(history.entityId, current.siteId),
                ),
              );
      if (!entry)
        throw new ValidationError([invalidField('fixedBy', 'unknown_ids', { ids: [input.fixedBy] })]);
    }
    const from = current.status as ReportStatus;
    if (!canMoveReport(from, input.status))
      throw new ValidationError([invalidField('status', 'report_transition', { from, to: input.status })]);
    await tx
      .update(reports)
      .set({
        status: input.status,
        updatedAt: now,
        ...(input.note && { note: input.note }),
        ...(input.fixedBy !== undefined && { fixedBy: input.fixedBy }),
      })
      .where(eq(reports.id, id));
    await recordReportChange(tx, { reportId: id, userId, from, to: input.status, note: input.note }, now);
    return reportById(tx, id);
  });
}

const REASON_WORDS: Record<ReportReason, string> = {
  closed: 'The site is closed',
  hours: 'The hours are wrong',
  phone: 'The phone number is wrong',
  address: 'The address is wrong',
  other: 'Something else',
};

/**
 * The staff notice of a new report, in English, with a link to the workspace (docs/product.md R176).
 * What the public typed (message, contact) is quoted, line by line, in both parts (R360): it can never
 * look like one of this e-mail's own lines.
 */
export function reportEmail(report: Report, to: string, baseUrl: string): Message {
  const link = `${baseUrl.replace(/\/$/, '')}/admin`;
  const siteName = report.siteName === null ? null : oneLine(report.siteName);
  const about = siteName ? `${siteName} (site ${report.siteId})` : 'the directory in general';
  const reasons = `What is wrong: ${report.reasons.map((r) => REASON_WORDS[r]).join('; ')}`;
  const typed = [
    { label: 'Message, as sent:', value: report.message, none: 'Message: (none)' },
    { label: 'Contact, as sent:', value: report.contact, none: 'Contact: (none given)' },
  ];
  // A change from the site's own contact (R496) is said to be one, so staff can weigh it.
  const who =
    report.source === 'site-contact'
      ? `The site's contact, through the confirmation link e-mailed to the site's address, reported changes to ${about}.`
      : `A member of the public reported a problem with ${about}.`;
  const text = [
    who,
    '',
    reasons,
    ...typed.flatMap(({ label, value, none }) => (value ? [label, quoteText(value)] : [none])),
    '',
    `Review it in the staff workspace: ${link}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:sans-serif;font-size:16px;line-height:1.5">
<p>${escapeHtml(who)}</p>
<p>${escapeHtml(reasons)}</p>
${typed
  .map(({ label, value, none }) =>
    value ? `<p>${escapeHtml(label)}</p>\n${quoteHtml(value)}` : `<p>${escapeHtml(none)}</p>`,
  )
  .join('\n')}
<p>Review it in the staff workspace: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
</body></html>`;
  return {
    to,
    subject:
      report.source === 'site-contact'
        ? `Changes from the site's contact: ${siteName ?? 'general report'}`
        : `Problem reported: ${siteName ?? 'general report'}`,
    text,
    html,
  };
}

/**
 * The hourly report limits for a client address (docs/product.md R373): `perAddress` from the
 * address itself, and three times that from its network, an IPv6 /64 (the part one household or
 * office shares, whose devices each have their own address), keyed as the app's other limits are
 * (`normalizeIP`). An IPv4 address, or one mapped into IPv6, is its own network.
 */
export function reportLimits(ip: string, perAddress: number): { key: string; max: number }[] {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip.toLowerCase();
  const limits = [{ key: `reports:address:${address}`, max: perAddress }];
  if (isIPv6(address)) limits.push({ key: `reports:net64:${normalizeIP(address)}`, max: 3 * perAddress });
  return limits;
}
