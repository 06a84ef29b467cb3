import type { Db } from '../db/client.ts';
import { clearHits, countHit, peekHits } from '../plugins/rate-limit-store.ts';
import { recordAccountEvent } from './account-events.ts';
import { findUserByEmail } from './accounts.ts';
import { HttpError } from './errors.ts';

/** The per-account sign-in limit (docs/product.md R540): `max` wrong passwords per `windowMs`. */
export interface SignInLimit {
  max: number;
  windowMs: number;
}

/** The code of the 429 a locked account answers; the sign-in screen words it. */
export const ACCOUNT_LOCKED = 'account_locked';

// Keyed by the address as typed (trimmed, lower case), whether or not an account has it, so an
// unknown address is counted and refused like a real one and the answer says nothing about which.
const keyOf = (email: string) => `sign-in-failures account:${email.trim().toLowerCase()}`;

/** The 429 of a locked account, with the minutes left in `params` and a Retry-After. */
export class AccountLockedError extends HttpError {
  constructor(public readonly ttlMs: number) {
    const minutes = Math.max(1, Math.ceil(ttlMs / 60_000));
    super(
      429,
      `Too many wrong passwords for this account. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} ` +
        'and try again, or reset your password.',
      { code: ACCOUNT_LOCKED, params: { minutes } },
    );
  }

  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.ttlMs / 1000));
  }
}

/** Throws AccountLockedError while the address has had `max` wrong passwords in the open window. */
export async function refuseWhileLocked(db: Db, email: string, limit: SignInLimit): Promise<void> {
  const hits = await peekHits(db, keyOf(email));
  if (hits && hits.current >= limit.max) throw new AccountLockedError(hits.ttl);
}

/**
 * Counts one wrong password for the address (in the database every process shares). The one that
 * reaches the limit is recorded on the account, when there is one; a wrong password counted past the
 * limit (attempts that raced the check) is refused like a locked account.
 */
export async function countSignInFailure(db: Db, email: string, limit: SignInLimit): Promise<void> {
  const hit = await countHit(db, keyOf(email), limit.windowMs);
  if (hit.current === limit.max) {
    const user = await findUserByEmail(db, email);
    if (user)
      await recordAccountEvent(db, {
        userId: user.id,
        action: 'sign_in_locked',
        detail: { failures: hit.current, minutes: Math.ceil(hit.ttl / 60_000) },
      });
  }
  if (hit.current > limit.max) throw new AccountLockedError(hit.ttl);
}

/** A successful sign-in starts the count again. */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await clearHits(db, keyOf(email));
}
