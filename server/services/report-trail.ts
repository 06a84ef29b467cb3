import { asc, eq, inArray } from 'drizzle-orm';
import type { Report, ReportEvent, ReportNote, ReportStatus } from '#shared/schemas/reports.ts';
import type { Db } from '../db/client.ts';
import { history, reportEvents, reportNotes, users } from '../db/schema.ts';

/** A report's notes and status changes, oldest first (docs/product.md R541). */
export interface ReportTrail {
  notes: ReportNote[];
  events: ReportEvent[];
}

const person = (id: number | null, firstName: string | null, lastName: string | null) =>
  id === null ? null : { id, name: [firstName, lastName].filter(Boolean).join(' ') };

/** The trails of these reports, by report id; a report without notes or changes has empty lists. */
export async function trailsOf(db: Db, reportIds: number[]): Promise<Map<number, ReportTrail>> {
  const trails = new Map<number, ReportTrail>(reportIds.map((id) => [id, { notes: [], events: [] }]));
  if (reportIds.length === 0) return trails;
  // One after the other: inside a transaction both go through its one connection anyway.
  const notes = await db
    .select({
      reportId: reportNotes.reportId,
      text: reportNotes.text,
      createdAt: reportNotes.createdAt,
      userId: reportNotes.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(reportNotes)
    .leftJoin(users, eq(users.id, reportNotes.userId))
    .where(inArray(reportNotes.reportId, reportIds))
    .orderBy(asc(reportNotes.createdAt), asc(reportNotes.id));
  const events = await db
    .select({
      reportId: reportEvents.reportId,
      from: reportEvents.fromStatus,
      to: reportEvents.toStatus,
      createdAt: reportEvents.createdAt,
      userId: reportEvents.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(reportEvents)
    .leftJoin(users, eq(users.id, reportEvents.userId))
    .where(inArray(reportEvents.reportId, reportIds))
    .orderBy(asc(reportEvents.createdAt), asc(reportEvents.id));
  for (const note of notes)
    trails.get(note.reportId)?.notes.push({
      text: note.text,
      author: person(note.userId, note.firstName, note.lastName),
      createdAt: note.createdAt.toISOString(),
    });
  for (const event of events)
    trails.get(event.reportId)?.events.push({
      from: event.from as ReportStatus,
      to: event.to as ReportStatus,
      by: person(event.userId, event.firstName, event.lastName),
      createdAt: event.createdAt.toISOString(),
    });
  return trails;
}

/**
 * Adds to a report's trail, in the caller's transaction: the status change when the status changed,
 * and the note when there is one. Nothing already written is changed.
 */
export async function recordReportChange(
  db: Db,
  change: { reportId: number; userId: number | null; from: ReportStatus; to: ReportStatus; note?: string },
  now: Date,
): Promise<void> {
  const { reportId, userId } = change;
  if (change.from !== change.to)
    await db
      .insert(reportEvents)
      .values({ reportId, userId, fromStatus: change.from, toStatus: change.to, createdAt: now });
  if (change.note)
    await db.insert(reportNotes).values({ reportId, userId, text: change.note, createdAt: now });
}

/** The history entries reports name as their fix (R577), with who made each change. */
export async function fixesOf(db: Db, ids: number[]): Promise<Map<number, NonNullable<Report['fixedBy']>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: history.id,
      createdAt: history.createdAt,
      userId: history.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(history)
    .leftJoin(users, eq(users.id, history.userId))
    .where(inArray(history.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        historyId: row.id,
        createdAt: row.createdAt.toISOString(),
        by: row.userId
          ? { id: row.userId, name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() }
          : null,
      },
    ]),
  );
}
