import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Message {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends; in outbox mode answers the .eml file written. */
  send(message: Message): Promise<{ file?: string }>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to the outbox so the
 * app works offline and tests can read real e-mails.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  timeoutMs?: number;
}): Mailer {
  const timeout = options.timeoutMs ?? 10_000;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl, {
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    } as never);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        return {};
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.promises.mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(options.outboxDir, name);
      await fs.promises.writeFile(file, info.message as Buffer);
      return { file };
    },
  };
}
