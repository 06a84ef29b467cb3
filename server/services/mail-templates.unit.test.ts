/**
 * Every e-mail the product sends, fed what a stranger can type (docs/product.md R360, R361): a
 * report's message and contact are quoted line by line, and a registrant's first name is used in a
 * greeting only when it is plain words, so no e-mail carries a line the agency did not write.
 */
import { describe, expect, it } from 'vitest';
import type { Report } from '#shared/schemas/reports.ts';
import { contactEmail } from './confirmations.ts';
import { greetingName, quoteText } from './mail.ts';
import { reportEmail } from './reports.ts';
import { emailChangedEmail, resetEmail } from './reset-email.ts';

const FORGED = 'Review it in the staff workspace: https://evil.example/admin';

const report = (over: Partial<Report> = {}): Report => ({
  id: 1,
  siteId: 7,
  siteName: 'Glide Memorial',
  reasons: ['hours'],
  message: 'Closed on Mondays now.',
  contact: null,
  source: 'public',
  status: 'new',
  note: null,
  notes: [],
  events: [],
  fixedBy: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...over,
});

/** The lines of a text part that are not quoted: the e-mail's own. */
const ownLines = (text: string) => text.split('\n').filter((line) => !line.startsWith('>'));

describe('the staff notice of a report', () => {
  for (const [name, breakChars] of [
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
    ['a Unicode line separator', '\u2028'],
    ['a blank line', '\n\n'],
  ] as const) {
    it(`quotes a message with ${name} in it: the forged line is never one of the e-mail's own`, () => {
      const mail = reportEmail(
        report({ message: `Hours are wrong.${breakChars}${FORGED}`, contact: `me${breakChars}${FORGED}` }),
        'staff@agency.example.org',
        'https://meals.example.org',
      );
      const own = ownLines(mail.text);
      expect(own.filter((line) => line.startsWith('Review it in the staff workspace:'))).toEqual([
        'Review it in the staff workspace: https://meals.example.org/admin',
      ]);
      expect(own.join('\n')).not.toContain('evil.example');
      expect(mail.text).toContain(`> ${FORGED}`);
      expect(mail.text).toContain('> Hours are wrong.');
      // The HTML part: the message is inside a blockquote, escaped, and links only to the workspace.
      const outside = mail.html.replace(/<blockquote[^>]*>[\s\S]*?<\/blockquote>/g, '');
      expect(outside).not.toContain('evil.example');
      expect(mail.html.match(/<blockquote/g)).toHaveLength(2);
      expect(mail.html.match(/href="[^"]*"/g)).toEqual(['href="https://meals.example.org/admin"']);
    });
  }

  it('escapes markup in the HTML part and keeps each typed line apart', () => {
    const mail = reportEmail(
      report({ message: '<a href="https://evil.example">Open</a>\nline two' }),
      'staff@agency.example.org',
      'https://meals.example.org',
    );
    expect(mail.html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;Open&lt;/a&gt;<br>line two');
    expect(mail.html).not.toContain('<a href="https://evil.example"');
  });

  it('says "(none)" when nothing was typed, and puts a site name with line breaks on one line', () => {
    const mail = reportEmail(
      report({ message: null, siteName: 'Glide\nReview it' }),
      'staff@agency.example.org',
      'https://meals.example.org',
    );
    expect(mail.text).toContain('Message: (none)');
    expect(mail.text).toContain('Contact: (none given)');
    expect(mail.text).toContain('a problem with Glide Review it (site 7).');
    expect(mail.subject).toBe('Problem reported: Glide Review it');
  });

  it("says when the changes came from the site's contact through the e-mailed link (R496)", () => {
    const mail = reportEmail(
      report({ source: 'site-contact' }),
      'staff@agency.example.org',
      'https://x.example',
    );
    expect(mail.text.split('\n')[0]).toBe(
      "The site's contact, through the confirmation link e-mailed to the site's address, reported changes to Glide Memorial (site 7).",
    );
    expect(mail.subject).toBe("Changes from the site's contact: Glide Memorial");
    expect(mail.html).toContain('the confirmation link e-mailed');
    expect(reportEmail(report(), 'staff@agency.example.org', 'https://x.example').text).toMatch(
      /^A member of the public reported a problem with Glide Memorial/,
    );
  });
});

describe('greetings', () => {
  const hostile = [
    'URGENT: verify your account at https://evil.example/verify',
    'https://evil.example',
    'evil.example',
    'Uma\nReview: https://evil.example',
    '12345',
    'a'.repeat(41),
    '<b>Uma</b>',
    'Call 415 555 0100',
    '',
  ];

  it.each(hostile)('greets without a name that is not plain words: %j', (name) => {
    expect(greetingName(name)).toBeUndefined();
    for (const language of ['en', 'es', 'zh'] as const) {
      const reset = resetEmail({
        to: 'u@example.org',
        name,
        link: 'https://meals.example.org/passwords/reset/t',
        ttlSeconds: 86_400,
        language,
      });
      const changed = emailChangedEmail({ to: 'u@example.org', name, newEmail: 'new@example.org', language });
      for (const mail of [reset, changed]) {
        expect(mail.text.split('\n')[0]).toBe({ en: 'Hello,', es: 'Hola:', zh: '您好：' }[language]);
        if (name) expect(mail.text).not.toContain(name);
        expect(mail.html).not.toContain('evil.example');
      }
    }
  });

  it.each(['Uma', 'María José', "O'Brien", 'Jean-Luc', 'J. R.', '小明'])(
    'greets by a plain name: %j',
    (name) => {
      expect(greetingName(name)).toBe(name);
      expect(
        resetEmail({
          to: 'u@example.org',
          name,
          link: 'https://x.example/r',
          ttlSeconds: 3600,
          language: 'en',
        }).text,
      ).toContain(`Hello ${name},`);
    },
  );
});

describe("the site contact's e-mail", () => {
  it('keeps a site name with a line break on one line in the text, the HTML and the subject', () => {
    const mail = contactEmail({
      to: 'contact@example.org',
      site: { name: 'Glide\nhttps://evil.example/confirm' },
      agency: { name: {}, phone: '4175575000' },
      link: 'https://meals.example.org/confirm/abc',
      expiresAt: new Date('2026-12-10T00:00:00Z'),
    });
    expect(mail.text.split('\n').filter((line) => line.startsWith('https://'))).toEqual([
      'https://meals.example.org/confirm/abc',
      'https://meals.example.org/confirm/abc',
      'https://meals.example.org/confirm/abc',
    ]);
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});

describe('quoteText', () => {
  it('prefixes every line, empty ones too', () => {
    expect(quoteText('a\r\n\nb')).toBe('> a\n>\n> b');
  });
});
