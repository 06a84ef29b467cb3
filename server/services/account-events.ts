import { desc, eq } from 'drizzle-orm';
import type { AccountEvent, AccountEventAction } from '#shared/schemas/users.ts';
import type { Db } from '../db/client.ts';
import { accountEvents, users } from '../db/schema.ts';

/**
 * Records what happened to an account (docs/product.md R431), like the directory's history: who
 * (`actorId`, null for the server itself or a visitor), what, when. `detail` never holds a password,
 * a hash or a token.
 */
export async function recordAccountEvent(
  db: Db,
  entry: {
    userId: number;
    action: AccountEventAction;
    actorId?: number | null;
    detail?: Record<string, unknown>;
  },
) {
  await db.insert(accountEvents).values({
    userId: entry.userId,
    action: entry.action,
    actorId: entry.actorId ?? null,
    detail: entry.detail ?? {},
  });
}

/** The events of one account, newest first (GET /api/users/{id}/events, administrators only). */
export async function listAccountEvents(db: Db, userId: number, limit = 200): Promise<AccountEvent[]> {
  const rows = await db
    .select({
      id: accountEvents.id,
      action: accountEvents.action,
      detail: accountEvents.detail,
      createdAt: accountEvents.createdAt,
      actorId: accountEvents.actorId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(accountEvents)
    .leftJoin(users, eq(users.id, accountEvents.actorId))
    .where(eq(accountEvents.userId, userId))
    .orderBy(desc(accountEvents.createdAt), desc(accountEvents.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    action: row.action as AccountEventAction,
    detail: row.detail as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
    actor: row.actorId
      ? { id: row.actorId, firstName: row.firstName ?? '', lastName: row.lastName ?? '' }
      : null,
  }));
}
