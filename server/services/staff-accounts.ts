import { and, asc, eq, inArray, isNull, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { Role } from '#shared/roles.ts';
import type { AccessChangeSchema, InvitationSchema, StaffAccount } from '#shared/schemas/staff-accounts.ts';
import { invalidField } from '#shared/validation.ts';
import type { Db } from '../db/client.ts';
import { nutritionPartners, passwordResets, sessions, userPartners, users } from '../db/schema.ts';
import { recordAccountEvent } from './account-events.ts';
import { findUserByEmail, findUserById } from './accounts.ts';
import { HttpError, isUniqueViolation, NotFoundError, ValidationError } from './errors.ts';
import { createLinkToken } from './passwords.ts';

/**
 * The password hash of an invited account that has not set a password yet (R581): not an argon2 hash,
 * so `verify` can never accept any password for it, and the mark of a pending invitation.
 */
export const INVITED_HASH = '!invited';

type UserRow = typeof users.$inferSelect;
const isPending = (row: Pick<UserRow, 'passwordHash'>) => row.passwordHash === INVITED_HASH;

/** A refusal that keeps the directory's accounts sound: a 409 with a code the screen words (R583, R586). */
export class AccountConflictError extends HttpError {
  constructor(code: 'last_admin' | 'has_password', message: string) {
    super(409, message, { code });
  }
}

/** Every account, by last name then first name, with partners and any pending invitation (R580). */
export async function listStaffAccounts(db: Db): Promise<StaffAccount[]> {
  const rows = await db
    .select()
    .from(users)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const links = await db.select().from(userPartners).orderBy(asc(userPartners.partnerId));
  const invitations = await db
    .select({ userId: passwordResets.userId, expiresAt: max(passwordResets.expiresAt) })
    .from(passwordResets)
    .where(and(eq(passwordResets.purpose, 'invite'), isNull(passwordResets.usedAt)))
    .groupBy(passwordResets.userId);
  const partnersOf = new Map<number, number[]>();
  for (const link of links)
    partnersOf.set(link.userId, [...(partnersOf.get(link.userId) ?? []), link.partnerId]);
  const expiryOf = new Map(invitations.map((row) => [row.userId, row.expiresAt]));
  return rows.map((row) => presentAccount(row, partnersOf.get(row.id) ?? [], expiryOf.get(row.id) ?? null));
}

export async function findStaffAccount(db: Db, id: number): Promise<StaffAccount> {
  const account = (await listStaffAccounts(db)).find((a) => a.id === id);
  if (!account) throw new NotFoundError();
  return account;
}

function presentAccount(row: UserRow, partnerIds: number[], expiresAt: Date | null): StaffAccount {
  const pending = isPending(row);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    partnerIds,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    active: row.deactivatedAt === null,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    invitationPending: pending,
    invitationExpiresAt: pending && expiresAt ? expiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The partner ids a partner manager keeps; 422 when one is not a nutrition partner (R582). */
async function checkPartners(db: Db, ids: number[]) {
  if (ids.length === 0) throw new ValidationError([invalidField('partnerIds', 'required')]);
  const found = await db
    .select({ id: nutritionPartners.id })
    .from(nutritionPartners)
    .where(inArray(nutritionPartners.id, ids));
  const unknown = ids.filter((id) => !found.some((row) => row.id === id));
  if (unknown.length)
    throw new ValidationError([invalidField('partnerIds', 'unknown_ids', { ids: unknown })]);
}

async function setPartners(db: Db, userId: number, ids: number[]) {
  await db.delete(userPartners).where(eq(userPartners.userId, userId));
  if (ids.length) await db.insert(userPartners).values(ids.map((partnerId) => ({ userId, partnerId })));
}

/** The account's unused links (resets and invitations) stop working. */
async function dropUnusedLinks(db: Db, userId: number) {
  await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export interface InvitationLink {
  token: string;
  expiresAt: Date;
}

/**
 * Creates the account with no usable password, its partners and its invitation link (R581). An
 * address whose account is a revoked, never-used invitation is invited again (the same account,
 * active again, with the new names and role); any other address already in use is a 422.
 */
export async function inviteAccount(
  db: Db,
  input: z.output<typeof InvitationSchema>,
  actorId: number,
  ttlSeconds: number,
): Promise<{ id: number; link: InvitationLink }> {
  const partnerIds = input.role === 'partner' ? (input.partnerIds ?? []) : [];
  if (input.role === 'partner') await checkPartners(db, partnerIds);
  const existing = await findUserByEmail(db, input.email);
  const again = existing && isPending(existing) && existing.deactivatedAt !== null;
  if (existing && !again) throw new ValidationError([invalidField('email', 'email_taken')]);
  const values = { firstName: input.firstName, lastName: input.lastName, role: input.role };
  try {
    return await db.transaction(async (tx) => {
      const [row] = again
        ? await tx
            .update(users)
            .set({ ...values, deactivatedAt: null, updatedAt: new Date() })
            .where(eq(users.id, existing.id))
            .returning({ id: users.id })
        : await tx
            .insert(users)
            .values({ ...values, email: input.email, passwordHash: INVITED_HASH })
            .returning({ id: users.id });
      const id = row!.id;
      await setPartners(tx, id, partnerIds);
      const link = await createLinkToken(tx, id, 'invite', ttlSeconds);
      await recordAccountEvent(tx, {
        userId: id,
        action: 'invited',
        actorId,
        detail: { email: input.email, role: input.role, partnerIds, ...(again && { again: true }) },
      });
      return { id, link };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key'))
      throw new ValidationError([invalidField('email', 'email_taken')]);
    throw error;
  }
}

async function pendingAccount(db: Db, id: number): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw new NotFoundError();
  if (!isPending(row))
    throw new AccountConflictError(
      'has_password',
      'This account already has a password: it is not an invitation.',
    );
  return row;
}

/** A new invitation link for a never-used account; its older links stop working (R583). */
export async function resendInvitation(
  db: Db,
  id: number,
  actorId: number,
  ttlSeconds: number,
): Promise<{ row: UserRow; link: InvitationLink }> {
  const row = await pendingAccount(db, id);
  return db.transaction(async (tx) => {
    await dropUnusedLinks(tx, id);
    const reactivated = row.deactivatedAt !== null;
    if (reactivated)
      await tx.update(users).set({ deactivatedAt: null, updatedAt: new Date() }).where(eq(users.id, id));
    const link = await createLinkToken(tx, id, 'invite', ttlSeconds);
    await recordAccountEvent(tx, {
      userId: id,
      action: 'invitation_resent',
      actorId,
      detail: reactivated ? { reactivated: true } : {},
    });
    return { row, link };
  });
}

/**
 * Withdraws a pending invitation (R583): its links stop working and the never-used account is
 * deactivated, kept with its events; inviting the address again brings it back.
 */
export async function revokeInvitation(db: Db, id: number, actorId: number) {
  await pendingAccount(db, id);
  await db.transaction(async (tx) => {
    await dropUnusedLinks(tx, id);
    await tx.update(users).set({ deactivatedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, id));
    await recordAccountEvent(tx, { userId: id, action: 'invitation_revoked', actorId });
  });
}

/**
 * Changes an account's role, partners or whether it is active (R582, R584–R586), in one transaction that
 * first locks every active administrator's row: of two administrators demoting each other at once,
 * the second waits, then sees one administrator left and is refused, so there is always one.
 * Deactivating deletes the account's sessions and unused links in the same transaction.
 */
export async function changeAccess(
  db: Db,
  id: number,
  input: z.output<typeof AccessChangeSchema>,
  actorId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.deactivatedAt)))
      .orderBy(asc(users.id))
      .for('update');
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!current) throw new NotFoundError();
    const role: Role = input.role ?? current.role;
    const active = input.active ?? current.deactivatedAt === null;
    const wasAdmin = current.role === 'admin' && current.deactivatedAt === null;
    if (wasAdmin && (role !== 'admin' || !active) && admins.length <= 1)
      throw new AccountConflictError(
        'last_admin',
        'This is the last active administrator: make another administrator first.',
      );
    const before = (await tx.select().from(userPartners).where(eq(userPartners.userId, id))).map(
      (l) => l.partnerId,
    );
    const partners = role === 'partner' ? (input.partnerIds ?? before) : [];
    if (role === 'partner') await checkPartners(tx, partners);
    const now = new Date();
    const changes: Partial<typeof users.$inferInsert> = {};
    if (role !== current.role) changes.role = role;
    if (active !== (current.deactivatedAt === null)) changes.deactivatedAt = active ? null : now;
    if (Object.keys(changes).length)
      await tx
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(eq(users.id, id));
    const event = (
      action: Parameters<typeof recordAccountEvent>[1]['action'],
      detail?: Record<string, unknown>,
    ) => recordAccountEvent(tx, { userId: id, action, actorId, detail });
    if (changes.role) await event('role_changed', { from: current.role, to: role });
    if (!samePartners(before, partners)) {
      await setPartners(tx, id, partners);
      await event('partners_changed', { from: before, to: partners });
    }
    if (changes.deactivatedAt === now) {
      // At once: the account's next request, with any session it holds, is answered 401 (R585).
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await dropUnusedLinks(tx, id);
      await event('deactivated');
    } else if ('deactivatedAt' in changes) await event('reactivated');
  });
}

function samePartners(a: number[], b: number[]) {
  const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y).join(',');
  return sorted(a) === sorted(b);
}
