import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AgencySettings } from '#shared/app-data.ts';
import { HTML_LANGS, LANGUAGES, type Language } from '#shared/languages.ts';
import { upcomingClosures } from '#shared/opening-status.ts';
import { formatPhone } from '#shared/phone.ts';
import type { Closure } from '#shared/schemas/closures.ts';
import type { ConfirmationCreate, ContactAnswer } from '#shared/schemas/confirmations.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { localized, type Translations } from '#shared/translations.ts';
import { invalidField } from '#shared/validation.ts';
import type { Db } from '../db/client.ts';
import { confirmationLinks, sites } from '../db/schema.ts';
import { countHit } from '../plugins/rate-limit-store.ts';
import { revokeContactLinks } from './contact-links.ts';
import { directoryWrite } from './directory-changes.ts';
import { HttpError, NotFoundError, TooManyRequestsError, ValidationError } from './errors.ts';
import { recordHistory } from './history.ts';
import { escapeHtml, MailDeliveryError, type Mailer, type Message, oneLine } from './mail.ts';
import { agencyNameIn } from './page-text.ts';
import { createReport } from './reports.ts';
import { getSite } from './site-reads.ts';

/**
 * Records that a site's facts were checked (docs/product.md R170): sets `confirmedAt` to `at` and
 * writes a `confirm` history entry with the method and note. Not an edit: `version` and `updatedAt`
 * stay, so a form opened before still saves (docs/decisions/026-reports-and-confirmations.md).
 */
export async function confirmSite(
  db: Db,
  id: number,
  input: ConfirmationCreate,
  userId: number | null,
  at: Date,
): Promise<Site> {
  return directoryWrite(db, async (tx) => {
    const updated = await tx
      .update(sites)
      .set({ confirmedAt: at })
      .where(eq(sites.id, id))
      .returning({ id: sites.id });
    if (!updated.length) throw new NotFoundError();
    await recordHistory(tx, {
      entity: 'site',
      entityId: id,
      action: 'confirm',
      source: 'confirmation',
      userId,
      changes: { method: input.method, note: input.note || null },
    });
    return getSite(tx, id);
  });
}

/** How long a link e-mailed to a site's contact works (docs/product.md R180). */
export const CONTACT_LINK_TTL_MS = 14 * 86_400_000;
/** Links a site's contact can be sent per day. */
export const CONTACT_LINKS_PER_DAY = 3;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

interface ContactLinkOptions {
  baseUrl: string;
  /** Named in the e-mail, with its phone, so the contact can check the request is genuine (R494). */
  agency: AgencySettings;
  mailer: Mailer;
  now: Date;
  userId: number | null;
}

/** The e-mail could not be sent: the link was not kept, staff should try again later. */
export class ContactMailUnavailableError extends HttpError {
  constructor() {
    super(503, 'The e-mail could not be sent right now. Please try again in a few minutes.');
  }
}

/**
 * E-mails the site's contact a single-use link to confirm the site's facts (docs/product.md R180):
 * 422 `no_email` when the site has none, 429 past three a day for one site. Only the token's SHA-256
 * is stored; the link is `${BASE_URL}/confirm/{token}` and works for 14 days.
 */
export async function sendContactLink(db: Db, siteId: number, options: ContactLinkOptions) {
  const [site] = await db
    .select({ id: sites.id, name: sites.name, translations: sites.translations, email: sites.email })
    .from(sites)
    .where(eq(sites.id, siteId));
  if (!site) throw new NotFoundError();
  if (!site.email) throw new ValidationError([invalidField('email', 'no_email')]);
  const hit = await countHit(db, `confirmation-requests site:${siteId}`, 86_400_000);
  if (hit.current > CONTACT_LINKS_PER_DAY)
    throw new TooManyRequestsError(
      `This site's contact has been sent ${CONTACT_LINKS_PER_DAY} links today. Please try again tomorrow.`,
    );
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(options.now.getTime() + CONTACT_LINK_TTL_MS);
  const [link] = await db
    .insert(confirmationLinks)
    .values({
      siteId,
      tokenHash: tokenHash(token),
      sentTo: site.email,
      expiresAt,
      createdBy: options.userId,
      createdAt: options.now,
    })
    .returning({ id: confirmationLinks.id });
  const url = `${options.baseUrl.replace(/\/$/, '')}/confirm/${token}`;
  try {
    await options.mailer.send(
      contactEmail({ to: site.email, site, agency: options.agency, link: url, expiresAt }),
    );
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) throw error;
    await db.delete(confirmationLinks).where(eq(confirmationLinks.id, link!.id));
    throw Object.assign(new ContactMailUnavailableError(), { cause: error });
  }
  return { sentTo: site.email };
}

/**
 * A usable link's row: 404 when unknown, 410 when used or expired — the answer's `code` (`link_used`,
 * `link_expired`) says which, for the page to word it (docs/product.md R200).
 */
export async function usableLink(db: Db, token: string, now: Date) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new NotFoundError('This link is not valid.');
  const [link] = await db
    .select()
    .from(confirmationLinks)
    .where(eq(confirmationLinks.tokenHash, tokenHash(token)));
  if (!link) throw new NotFoundError('This link is not valid.');
  if (link.usedAt) throw new HttpError(410, 'This link has already been used.', { code: 'link_used' });
  if (link.expiresAt.getTime() <= now.getTime())
    throw new HttpError(410, 'This link has expired.', { code: 'link_expired' });
  return link;
}

/**
 * What the link's page shows (docs/product.md R181, R490): the site's public facts, its upcoming
 * closures (staff's and the agency's holidays, from the one closures list `closures`, as its page lists
 * them on the agency's date `today`) and when the link stops working.
 */
export async function contactLinkView(
  db: Db,
  token: string,
  now: Date,
  { closures, today }: { closures: readonly Closure[]; today: string },
) {
  const link = await usableLink(db, token, now);
  return {
    site: await getSite(db, link.siteId),
    closures: upcomingClosures(link.siteId, closures, today),
    expiresAt: link.expiresAt.toISOString(),
  };
}

/**
 * The contact's answer (docs/product.md R181): "correct" confirms the site (method `site-contact`, no
 * user); "changed" files a report about it. Either way the link is spent in the same statement that
 * checks it, so two answers at once cannot both count; the site's other outstanding links end with it
 * (R345). Answers the stored report, if one was filed.
 */
export async function answerContactLink(db: Db, token: string, answer: ContactAnswer, now: Date) {
  const link = await usableLink(db, token, now);
  return directoryWrite(db, async (tx) => {
    // The site first, as a site save takes it: two of its links answered at once wait for each other
    // here instead of each holding one link and waiting for the other's.
    await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, link.siteId)).for('update');
    const spent = await tx
      .update(confirmationLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(confirmationLinks.id, link.id),
          isNull(confirmationLinks.usedAt),
          gt(confirmationLinks.expiresAt, now),
        ),
      )
      .returning({ siteId: confirmationLinks.siteId });
    if (!spent.length) throw new HttpError(410, 'This link has already been used.', { code: 'link_used' });
    // The site's other links asked the same question, now answered (R345).
    await revokeContactLinks(tx, link.siteId, link.id);
    if (answer.answer === 'correct') {
      await confirmSite(
        tx,
        link.siteId,
        { method: 'site-contact', note: 'Confirmed by the site contact' },
        null,
        now,
      );
      return { report: null };
    }
    // Marked as the site contact's (R496): the link went to the site's own address.
    const report = await createReport(
      tx,
      {
        siteId: link.siteId,
        reasons: answer.reasons?.length ? answer.reasons : ['other'],
        message: answer.message,
      },
      now,
      'site-contact',
    );
    return { report };
  });
}

/** One paragraph of the contact's e-mail, in its language: the sentences around the site's name. */
const CONTACT_WORDS: Record<
  Language,
  (words: { site: string; agency: string; phone: string }) => { before: string; after: string }
> = {
  en: ({ agency, phone }) => ({
    before: 'Hello, the Community Meal Sites directory lists "',
    after: `". Please open this link to tell us whether its address, phone number, hours, upcoming closures and the rest of its listing are still correct. It takes one minute and works once, for 14 days. This request comes from ${agency}: to check that it is genuine, call ${phone}.`,
  }),
  es: ({ agency, phone }) => ({
    before: 'Hola: el directorio de Comedores Comunitarios incluye "',
    after: `". Abra este enlace para decirnos si su dirección, teléfono, horario, próximos cierres y demás datos siguen siendo correctos. Toma un minuto y funciona una sola vez, durante 14 días. Esta solicitud viene de ${agency}: para comprobar que es auténtica, llame al ${phone}.`,
  }),
  zh: ({ agency, phone }) => ({
    before: '您好！社區用餐點名錄列有「',
    after: `」。請開啟以下連結，告訴我們其地址、電話、開放時間、即將到來的休息日及其他資料是否仍然正確。只需一分鐘；連結只可使用一次，有效期為 14 日。此要求來自${agency}；如欲核實此要求是否真確，請致電 ${phone}。`,
  }),
};

/**
 * The e-mail to a site's contact, in English, Spanish and Chinese (the agency does not know the
 * contact's language), each with the same link (docs/product.md R180, R494): each paragraph names the
 * site as the public reads it in that language (its English name, marked, when it has no translation)
 * and the agency with its phone, so the contact can check the request is genuine before opening it.
 */
export function contactEmail(options: {
  to: string;
  site: { name: string; translations?: Translations<'name'> | null };
  agency: Pick<AgencySettings, 'name' | 'phone'>;
  link: string;
  expiresAt: Date;
}): Message {
  const phone = formatPhone(options.agency.phone);
  const paragraphs = LANGUAGES.map((language) => {
    // A site's name and the agency's are staff's text, but each is one line in these sentences (R360).
    const name = localized(options.site, 'name', language);
    const site = oneLine(name.text);
    const agency = oneLine(agencyNameIn(options.agency, language));
    const { before, after } = CONTACT_WORDS[language]({ site, agency, phone });
    return {
      lang: HTML_LANGS[language],
      text: `${before}${site}${after}`,
      html: `${escapeHtml(before)}${
        name.lang === language ? escapeHtml(site) : `<span lang="${name.lang}">${escapeHtml(site)}</span>`
      }${escapeHtml(after)}`,
    };
  });
  const text = [
    ...paragraphs.flatMap((p) => [p.text, options.link, '']),
    'If you are not the contact for this site, you can ignore this e-mail.',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:sans-serif;font-size:16px;line-height:1.5">
${paragraphs
  .map(
    (p) =>
      `<p lang="${p.lang}">${p.html}</p>\n<p><a href="${escapeHtml(options.link)}">${escapeHtml(options.link)}</a></p>`,
  )
  .join('\n')}
<p>If you are not the contact for this site, you can ignore this e-mail.</p>
</body></html>`;
  const subjectName = oneLine(options.site.name);
  return {
    to: options.to,
    subject: `Please check the listing of ${subjectName} / Revise los datos / 請核對資料`,
    text,
    html,
  };
}
