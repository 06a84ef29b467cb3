import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { isLanguage, type Language } from '#shared/languages.ts';
import type { Db } from '../db/client.ts';
import { passwordResets, sessions, users } from '../db/schema.ts';
import { recordAccountEvent } from './account-events.ts';
import { findUserByEmail, hashPassword, revokeResetLinks } from './accounts.ts';
import { HttpError, NotFoundError } from './errors.ts';
import { MailDeliveryError, type Mailer } from './mail.ts';
import { resetEmail } from './reset-email.ts';
import { clearSignInFailures } from './sign-in-limits.ts';

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A one-time link's token for the user (R39): 32 random bytes, only their SHA-256 stored, usable once
 * until `ttlSeconds` from now. `purpose` 'invite' is a new account's first password (R581). Answers the
 * token (for the e-mail only) and the stored row's id.
 */
export async function createLinkToken(
  db: Db,
  userId: number,
  purpose: 'reset' | 'invite',
  ttlSeconds: number,
): Promise<{ token: string; id: number; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const [row] = await db
    .insert(passwordResets)
    .values({ userId, tokenHash: tokenHash(token), purpose, expiresAt })
    .returning({ id: passwordResets.id });
  return { token, id: row!.id, expiresAt };
}

interface PasswordOptions {
  baseUrl: string;
  ttlSeconds: number;
  mailer: Mailer;
}

/** The reset e-mail could not be sent: nothing usable was created, the user should try again later. */
export class ResetMailUnavailableError extends HttpError {
  constructor() {
    super(503, 'The e-mail could not be sent right now. Please try again in a few minutes.');
  }
}

/**
 * Starts a reset: stores only the token's hash and e-mails the link (docs/product.md R37, R39). When the
 * mail server is down or hangs (bounded by SMTP_TIMEOUT_MS) the unsent link is deleted again and a
 * ResetMailUnavailableError (503) says so, rather than claiming an e-mail is on its way.
 */
export async function requestReset(
  db: Db,
  email: string,
  requestLanguage: Language,
  options: PasswordOptions,
) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new NotFoundError('Email not found.');
  const reset = await createLinkToken(db, user.id, 'reset', options.ttlSeconds);
  const { token } = reset;
  const link = `${options.baseUrl.replace(/\/$/, '')}/passwords/reset/${token}`;
  const language = isLanguage(user.language) ? user.language : requestLanguage;
  try {
    return await options.mailer.send(
      resetEmail({ to: user.email, name: user.firstName, link, ttlSeconds: options.ttlSeconds, language }),
    );
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) throw error;
    await db.delete(passwordResets).where(eq(passwordResets.id, reset.id));
    throw Object.assign(new ResetMailUnavailableError(), { cause: error });
  }
}

async function findUsable(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new NotFoundError('This password reset link is invalid.');
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash(token)), isNull(passwordResets.usedAt)));
  if (!row) throw new NotFoundError('This password reset link is invalid.');
  if (row.expiresAt.getTime() <= Date.now())
    throw new HttpError(410, 'This password reset link has expired.');
  return row;
}

/** 200 when usable, 404 when unknown or used, 410 when expired. */
export async function checkReset(db: Db, token: string): Promise<void> {
  await findUsable(db, token);
}

/**
 * Sets the new password, uses the token up, revokes the user's other reset links and ends every
 * session of the user. The link is checked before the new password is hashed: argon2 is costly on
 * purpose, and an unknown, used or expired link must not make the server pay for it.
 */
export async function completeReset(db: Db, token: string, password: string): Promise<number> {
  await findUsable(db, token);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const reset = await findUsable(tx, token);
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (!used.length) throw new NotFoundError('This password reset link is invalid.');
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, reset.userId))
      .returning({ email: users.email });
    // A new password ends a lock-out by wrong passwords (R540): the link proved the mailbox.
    if (user) await clearSignInFailures(tx, user.email);
    await revokeResetLinks(tx, reset.userId);
    await tx.delete(sessions).where(eq(sessions.userId, reset.userId));
    // An invitation's link sets the first password of an account an administrator made (R581).
    await recordAccountEvent(
      tx,
      reset.purpose === 'invite'
        ? { userId: reset.userId, action: 'invitation_accepted' }
        : { userId: reset.userId, action: 'password_reset', detail: { via: 'reset link' } },
    );
    return reset.userId;
  });
}
