import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { dataDir } from './constants.ts';

/** Quoted-printable: soft line breaks ('=' at a line end) go, '=3D' and friends become bytes. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Every MIME part's body, decoded (quoted-printable or base64), so a link is found whatever nodemailer chose. */
export function decodedBodies(eml: string): string[] {
  return eml.split(/\r?\n--[^\r\n]*\r?\n/).map((part) => {
    const split = part.search(/\r?\n\r?\n/);
    const head = split < 0 ? '' : part.slice(0, split);
    const body = split < 0 ? part : part.slice(split).trimStart();
    if (/content-transfer-encoding:\s*base64/i.test(head))
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(body);
    return body;
  });
}

/** The newest .eml in DATA_DIR/outbox addressed to `email`, waiting for it to be written. */
export async function newestMailTo(email: string): Promise<string> {
  const outbox = path.join(dataDir(), 'outbox');
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox)
          ? fs
              .readdirSync(outbox)
              .filter((name) => name.endsWith('.eml'))
              .map((name) => path.join(outbox, name))
              .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
          : [];
        found = files
          .map((file) => fs.readFileSync(file, 'utf8'))
          .find((eml) =>
            new RegExp(`^To: .*${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(eml),
          );
        return found !== undefined;
      },
      { message: `an e-mail to ${email} in ${outbox}` },
    )
    .toBe(true);
  return found!;
}

/** The path of the reset link in the newest reset e-mail to `email` (/passwords/reset/<token>). */
export async function resetLinkPathFor(email: string): Promise<string> {
  const eml = await newestMailTo(email);
  const match = decodedBodies(eml)
    .map((body) => /https?:\/\/[^\s"'<>]+(\/passwords\/reset\/[A-Za-z0-9_-]+)/.exec(body))
    .find(Boolean);
  expect(match, 'a /passwords/reset/<token> link in the e-mail').toBeTruthy();
  return match![1]!;
}

/** The path of the link in the newest invitation e-mail to `email` (/invitation/<token>, docs/product.md R581). */
export async function invitationLinkPathFor(email: string): Promise<string> {
  const eml = await newestMailTo(email);
  const match = decodedBodies(eml)
    .map((body) => /https?:\/\/[^\s"'<>]+(\/invitation\/[A-Za-z0-9_-]+)/.exec(body))
    .find(Boolean);
  expect(match, 'an /invitation/<token> link in the e-mail').toBeTruthy();
  return match![1]!;
}
