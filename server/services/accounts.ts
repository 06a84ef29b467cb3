import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Language } from '#shared/languages.ts';
import { keepsDirectory } from '#shared/roles.ts';
import type { RegisterSchema, User, UserUpdateSchema } from '#shared/schemas/users.ts';
import { invalidField } from '#shared/validation.ts';
import type { Db } from '../db/client.ts';
import { assets, passwordResets, sessions, users } from '../db/schema.ts';
import { recordAccountEvent } from './account-events.ts';
import type { AssetService } from './assets.ts';
import { isUniqueViolation, NotFoundError, ValidationError } from './errors.ts';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane (algorithm 2 = argon2id).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

// Verifying against a real hash for unknown e-mails keeps login time from revealing which exist.
let dummyHash: Promise<string> | undefined;

type UserRow = typeof users.$inferSelect;

export async function presentUser(db: Db, row: UserRow, assetService: AssetService): Promise<User> {
  let picture: string | null = null;
  let pictureUrl: string | null = null;
  if (row.pictureAssetId) {
    const [asset] = await db.select().from(assets).where(eq(assets.id, row.pictureAssetId));
    if (asset) {
      picture = assetService.signedIdFor(asset.id);
      pictureUrl = assetService.publicUrl(asset);
    }
  }
  return {
    id: row.id,
    isAdmin: keepsDirectory(row.role),
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    picture,
    pictureUrl,
  };
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

/** The user for these credentials, or undefined. Takes about the same time either way. */
export async function authenticate(db: Db, email: string, password: string): Promise<UserRow | undefined> {
  const row = await findUserByEmail(db, email);
  dummyHash ??= hashPassword('not-a-real-password-1');
  const ok = await verify(row?.passwordHash ?? (await dummyHash), password).catch(() => false);
  // A wrong password for a real account is part of its story (R431); an unknown address has none.
  if (row && !ok) await recordAccountEvent(db, { userId: row.id, action: 'sign_in_failed' });
  // A deactivated account cannot sign in (R573); it is answered like a wrong password.
  if (!row || !ok || row.deactivatedAt) return undefined;
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, row.id));
  return row;
}

/**
 * Ends every reset link of the user not used yet. A link sent before the password or the e-mail
 * changed must not outlive that change (a reset link in an old mailbox would otherwise undo it).
 */
export async function revokeResetLinks(db: Db, userId: number) {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Whether these changes need the current password: a different e-mail address, or a new password. */
export function needsProof(
  current: Pick<UserRow, 'email'>,
  input: z.output<typeof UserUpdateSchema>,
): boolean {
  return (input.email !== undefined && input.email !== current.email) || Boolean(input.password);
}

const emailTaken = () => new ValidationError([invalidField('email', 'email_taken')]);

export async function registerUser(db: Db, input: z.output<typeof RegisterSchema>, language?: Language) {
  try {
    const [row] = await db
      .insert(users)
      .values({
        ...input,
        password: undefined,
        passwordHash: await hashPassword(input.password),
        language,
      } as never)
      .returning();
    await recordAccountEvent(db, { userId: row!.id, action: 'created', detail: { via: 'registration' } });
    return row!;
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
}

export async function updateUser(
  db: Db,
  id: number,
  input: z.output<typeof UserUpdateSchema>,
  assetService: AssetService,
): Promise<UserRow> {
  const current = await findUserById(db, id);
  if (!current) throw new NotFoundError();
  // Proof first: a session left open on a shared computer must not be enough to take the account over.
  if (needsProof(current, input)) {
    const proven =
      input.currentPassword !== undefined &&
      (await verify(current.passwordHash, input.currentPassword).catch(() => false));
    if (!proven) {
      const code = input.currentPassword === undefined ? 'required' : 'incorrect_password';
      throw new ValidationError([invalidField('currentPassword', code)]);
    }
  }
  const emailChanges = input.email !== undefined && input.email !== current.email;
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (emailChanges) changes.email = input.email;
  if (input.language !== undefined) changes.language = input.language;
  if (input.password) changes.passwordHash = await hashPassword(input.password);
  if (input.picture === null || input.picture === '') changes.pictureAssetId = null;
  else if (input.picture !== undefined) {
    // The account form sends the current picture back on every save: keep it as it is rather than
    // processing (and, for JPEG, re-compressing) it again.
    const unchanged =
      current.pictureAssetId != null && assetService.verifySignedId(input.picture) === current.pictureAssetId;
    changes.pictureAssetId = unchanged
      ? current.pictureAssetId
      : await assetService.claimPicture(input.picture, id);
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
      if (!row) throw new NotFoundError();
      if (emailChanges || changes.passwordHash) await revokeResetLinks(tx, id);
      if (emailChanges)
        await recordAccountEvent(tx, {
          userId: id,
          action: 'email_changed',
          actorId: id,
          detail: { from: current.email, to: row.email },
        });
      if (changes.passwordHash)
        await recordAccountEvent(tx, { userId: id, action: 'password_changed', actorId: id });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
}

/**
 * Creates an administrator when no account has that e-mail, or promotes the existing one — but never
 * touches an existing account's password unless `resetPassword` is set (R430): the server's
 * ADMIN_EMAIL/ADMIN_PASSWORD only bootstrap, so a password the administrator changed since stays, and
 * so do their sessions. `npm run create-admin` sets `resetPassword`: an operator typing a password
 * means it. `via` names who asked, in the account's events.
 */
export async function ensureAdmin(
  db: Db,
  input: { firstName: string; lastName: string; email: string; password: string },
  options: { resetPassword?: boolean; via?: string } = {},
): Promise<{ created: boolean; id: number; promoted?: boolean; passwordKept?: boolean }> {
  const email = input.email.trim().toLowerCase();
  const via = options.via ?? 'ADMIN_EMAIL';
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const promoted = existing.role !== 'admin' || existing.deactivatedAt !== null;
    if (promoted) {
      await db
        .update(users)
        .set({ role: 'admin', deactivatedAt: null, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      await recordAccountEvent(db, { userId: existing.id, action: 'promoted', detail: { via } });
    }
    if (!options.resetPassword) return { created: false, id: existing.id, promoted, passwordKept: true };
    const samePassword = await verify(existing.passwordHash, input.password).catch(() => false);
    if (!samePassword) {
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      await revokeResetLinks(db, existing.id);
      // A new password ends the sessions opened with the old one.
      await db.delete(sessions).where(eq(sessions.userId, existing.id));
      await recordAccountEvent(db, { userId: existing.id, action: 'password_reset', detail: { via } });
    }
    return { created: false, id: existing.id, promoted, passwordKept: samePassword };
  }
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(users)
    .values({ email, passwordHash, firstName: input.firstName, lastName: input.lastName, role: 'admin' })
    .returning({ id: users.id });
  await recordAccountEvent(db, { userId: row!.id, action: 'created', detail: { via, admin: true } });
  return { created: true, id: row!.id };
}

/** Signs the user out everywhere but the session `keep` (after a password change on this one). */
export async function endOtherSessions(db: Db, userId: number, keep: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.sid, keep)));
}

export async function setLanguage(db: Db, id: number, language: Language) {
  await db.update(users).set({ language }).where(eq(users.id, id));
}
