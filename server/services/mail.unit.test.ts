import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mail.ts';

describe('the outbox (no SMTP_URL)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meals-outbox-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('writes each e-mail readable by the owner only (0600), in a folder only the owner can enter', async () => {
    const outboxDir = path.join(dataDir, 'outbox');
    const mailer = createMailer({ from: 'Meals <no-reply@example.org>', outboxDir });
    const previous = process.umask(0);
    try {
      const sent = await mailer.send({
        to: 'someone@example.org',
        subject: 'Reset your password',
        text: 'https://meals.example.org/passwords/reset/secret-token',
        html: '<p>reset</p>',
      });
      expect(fs.readFileSync(sent.file!, 'utf8')).toContain('secret-token');
      expect((await fs.promises.stat(sent.file!)).mode & 0o777).toBe(0o600);
      expect((await fs.promises.stat(outboxDir)).mode & 0o777).toBe(0o700);
    } finally {
      process.umask(previous);
    }
  });
});
