import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Mailer, Message } from './mail.ts';
import { recordEmail } from './metrics.ts';

/** The longest wait between two attempts, however many have failed. */
const MAX_BACKOFF_MS = 3_600_000;
/** Messages taken per round. */
const BATCH = 10;
/**
 * How long a sent message stays in the outbox (for an operator asking "did it go?"): a report's
 * notice carries what the visitor wrote and how to reach them, so it is not kept for ever.
 */
export const SENT_KEPT_DAYS = 7;

/** Puts a message in the outbox (mail_outbox); the worker sends it after the request. */
export async function enqueueMail(db: Db, message: Message, now = new Date()) {
  await db.insert(mailOutbox).values({
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    nextAttemptAt: now,
  });
  recordEmail('queued');
}

/** The wait after the `attempts`-th failure: retryMs, then twice as long each time, at most an hour. */
export const backoffMs = (attempts: number, retryMs: number) =>
  Math.min(MAX_BACKOFF_MS, retryMs * 2 ** Math.max(0, attempts - 1));

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * While a process sends a message, the others leave it alone this long (longer than any SMTP
 * exchange may take); if that process dies mid-send, the message is tried again after it.
 */
const LEASE_MS = 120_000;

/**
 * Sends the messages that are due. Each is first claimed in a short transaction — `for update skip
 * locked`, so several processes on one PostgreSQL never take the same message, and its next attempt
 * is moved past the lease — then sent with no transaction open (a slow mail server must not hold a
 * database connection, the embedded database's only one least of all), then marked sent or given
 * its next attempt. Messages sent more than SENT_KEPT_DAYS ago are then removed. Answers how many
 * were sent.
 */
export async function deliverDue(
  db: Db,
  mailer: Mailer,
  options: { retryMs: number; log: Log; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());
  let sent = 0;
  let failed = false;
  for (let i = 0; i < BATCH; i += 1) {
    const row = await db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now())))
        .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (due) {
        await tx
          .update(mailOutbox)
          .set({ nextAttemptAt: new Date(now().getTime() + LEASE_MS) })
          .where(eq(mailOutbox.id, due.id));
      }
      return due;
    });
    if (!row) break;
    const attempts = row.attempts + 1;
    try {
      await mailer.send({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody });
    } catch (error) {
      const wait = backoffMs(attempts, options.retryMs);
      const message = String((error as Error)?.message ?? error);
      await db
        .update(mailOutbox)
        .set({ attempts, nextAttemptAt: new Date(now().getTime() + wait), lastError: message.slice(0, 500) })
        .where(eq(mailOutbox.id, row.id));
      options.log.warn(
        { mailId: row.id, attempts, retryInSeconds: Math.round(wait / 1000), reason: message },
        'e-mail not sent; will retry',
      );
      failed = true;
      break;
    }
    await db
      .update(mailOutbox)
      .set({ sentAt: now(), attempts, lastError: null })
      .where(eq(mailOutbox.id, row.id));
    if (attempts > 1) options.log.info({ mailId: row.id, attempts }, 'queued e-mail sent');
    sent += 1;
  }
  await db
    .delete(mailOutbox)
    .where(lt(mailOutbox.sentAt, new Date(now().getTime() - SENT_KEPT_DAYS * 86_400_000)));
  // Anything still unsent — due now (a full batch) or later (a retry) — keeps the caller's worker awake.
  if (failed || sent === BATCH) return { sent, more: true };
  const [waiting] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(isNull(mailOutbox.sentAt))
    .limit(1);
  return { sent, more: waiting !== undefined };
}

/** How many messages wait, and the oldest one's age in seconds (for the operator). */
export async function outboxBacklog(db: Db) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${mailOutbox.createdAt})` })
    .from(mailOutbox)
    .where(isNull(mailOutbox.sentAt));
  return { waiting: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Messages another process queued and could not send before it stopped are looked for this often. */
const SWEEP_MS = 300_000;

/**
 * The outbox of one process: `send` queues a message and wakes the worker, which sends it after the
 * request. While this process has work left (a failure to retry, a full batch) a round runs every
 * `retryMs` (at most every 30 s); otherwise only a sweep every 5 minutes looks for messages a stopped
 * process left behind, so an idle server sends no query for its outbox. A round never overlaps another
 * of the same process; a failed round (the database away) is logged and tried again at the next tick.
 * `start` begins the ticks with a first round.
 */
export function createMailQueue(db: Db, mailer: Mailer, options: { retryMs: number }) {
  let log: Log = { info() {}, warn() {} };
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let awake = true;
  let lastRound = 0;
  let timer: NodeJS.Timeout | undefined;
  const round = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    lastRound = Date.now();
    running = deliverDue(db, mailer, { retryMs: options.retryMs, log })
      .then(
        (result) => {
          awake = result.more;
        },
        (error: unknown) => {
          awake = true;
          log.warn({ reason: (error as Error)?.message }, 'mail outbox round failed');
        },
      )
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          round();
        }
      });
  };
  const tick = () => {
    if (awake || Date.now() - lastRound >= SWEEP_MS) round();
  };
  return {
    /** Queues the message (durably, in mail_outbox) and sends it right after, not within, the request. */
    async send(message: Message) {
      await enqueueMail(db, message);
      awake = true;
      setImmediate(round);
    },
    start(logger: Log) {
      log = logger;
      timer = setInterval(tick, Math.min(options.retryMs, 30_000));
      timer.unref();
      setImmediate(round);
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;
