import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { recordEmail } from './metrics.ts';

export interface Message {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The message could not be handed to the mail server (down, refusing, or too slow). */
export class MailDeliveryError extends Error {
  constructor(cause: unknown) {
    super(`The e-mail could not be sent: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
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
    // The timeouts belong in the transport options (a second argument would be message defaults,
    // and nodemailer would wait up to 2 minutes for a connection and 30 s for a silent server).
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    } as never);
    return {
      async send(message) {
        // One deadline for the whole exchange: a server answering each command just in time cannot
        // hold a request for long either.
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeout} ms`)), timeout);
        });
        try {
          await Promise.race([transport.sendMail({ from: options.from, ...message }), deadline]);
        } catch (error) {
          throw new MailDeliveryError(error);
        } finally {
          clearTimeout(timer);
        }
        return {};
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      // Reset e-mails carry a live link: the owner alone may read them (a new folder is the owner's too).
      await fs.promises.mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(options.outboxDir, name);
      // A new file each time (random name, 'wx'), so the mode given here is the one it gets.
      await fs.promises.writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
      return { file };
    },
  };
}

/** The mailer with each attempt counted in the metrics as sent or failed (whoever sends: a request, the outbox). */
export function countedMailer(mailer: Mailer): Mailer {
  return {
    async send(message) {
      try {
        const result = await mailer.send(message);
        recordEmail('sent');
        return result;
      } catch (error) {
        recordEmail('failed');
        throw error;
      }
    },
  };
}
