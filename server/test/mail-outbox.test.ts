/**
 * The outbox keeps a sent message SENT_KEPT_DAYS days, then removes it (what visitors wrote is not
 * kept for ever); unsent messages stay whatever their age.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { deliverDue, SENT_KEPT_DAYS } from '../services/mail-queue.ts';
import { createTestApp, type TestContext } from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
const NOW = new Date('2026-12-01T12:00:00Z');
const row = (subject: string, sentAt: Date | null, nextAttemptAt = new Date(NOW.getTime() + DAY)) => ({
  toAddress: 'staff@agency.example.org',
  subject,
  textBody: 'text',
  htmlBody: '<p>text</p>',
  sentAt,
  nextAttemptAt,
});

describe('the mail outbox', () => {
  it(`removes messages sent more than ${SENT_KEPT_DAYS} days ago, and keeps the others`, async () => {
    const db = ctx.database.db;
    await db
      .insert(mailOutbox)
      .values([
        row('sent long ago', new Date(NOW.getTime() - (SENT_KEPT_DAYS + 1) * DAY)),
        row('sent yesterday', new Date(NOW.getTime() - DAY)),
        row('never sent, old', null, new Date(NOW.getTime() + DAY)),
      ]);
    const nothingDue = {
      send: async () => {
        throw new Error('no message is due');
      },
    };
    const result = await deliverDue(db, nothingDue as never, {
      retryMs: 1000,
      log: { info() {}, warn() {} },
      now: () => NOW,
    });
    expect(result.sent).toBe(0);
    const left = (await db.select({ subject: mailOutbox.subject }).from(mailOutbox)).map((r) => r.subject);
    expect(left.sort()).toEqual(['never sent, old', 'sent yesterday']);
  });
});
