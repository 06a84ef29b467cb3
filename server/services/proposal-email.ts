import { htmlLang, type Language } from '#shared/languages.ts';
import type { ProposalField, ProposalOutcome } from '#shared/schemas/proposals.ts';
import { escapeHtml, greetingName, type Message, oneLine } from './mail.ts';

/**
 * The e-mail telling a proposer what staff decided (docs/product.md R595), in the proposer's language:
 * which of the proposed fields were applied and which were not. Field names as the site form says them.
 */
const WORDS: Record<
  Language,
  {
    subject: (site: string) => string;
    greeting: (name: string | undefined) => string;
    intro: (site: string) => string;
    applied: string;
    rejected: string;
    outro: string;
    fields: Record<ProposalField, string>;
  }
> = {
  en: {
    subject: (site) => `Your proposed changes to ${site} were reviewed`,
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    intro: (site) =>
      `The Community Meal Sites staff reviewed the changes you proposed to the listing of ${site}.`,
    applied: 'Applied, now on the public listing:',
    rejected: 'Not applied:',
    outro: 'If something is still not right, you can propose a correction again or contact the staff.',
    fields: {
      Hours: 'Hours',
      phoneNumber: 'Phone',
      phoneExtension: 'Phone extension',
      email: 'Email',
      website: 'Website',
      facts: 'Before you go',
    },
  },
  es: {
    subject: (site) => `Se revisaron los cambios que propuso para ${site}`,
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    intro: (site) =>
      `El personal de Comedores Comunitarios revisó los cambios que usted propuso para los datos de ${site}.`,
    applied: 'Aplicados, ya aparecen en los datos públicos:',
    rejected: 'No aplicados:',
    outro:
      'Si algo todavía no está bien, puede volver a proponer una corrección o comunicarse con el personal.',
    fields: {
      Hours: 'Horario',
      phoneNumber: 'Teléfono',
      phoneExtension: 'Extensión',
      email: 'Correo electrónico',
      website: 'Sitio web',
      facts: 'Antes de ir',
    },
  },
  zh: {
    subject: (site) => `您就${site}提出的修改已獲審閱`,
    greeting: (name) => (name ? `${name}，您好：` : '您好：'),
    intro: (site) => `社區用餐點的職員已審閱您就${site}的資料提出的修改。`,
    applied: '已採用，現已在公開資料中顯示：',
    rejected: '未獲採用：',
    outro: '如資料仍有不正確之處，您可以再次提出更正，或聯絡職員。',
    fields: {
      Hours: '開放時間',
      phoneNumber: '電話',
      phoneExtension: '內線',
      email: '電郵',
      website: '網站',
      facts: '出發前須知',
    },
  },
};

export function proposalOutcomeEmail(options: {
  to: string;
  name: string;
  site: string;
  language: Language;
  outcomes: { field: ProposalField; outcome: ProposalOutcome }[];
}): Message {
  const t = WORDS[options.language];
  const site = oneLine(options.site);
  const names = (outcome: ProposalOutcome) =>
    options.outcomes.filter((o) => o.outcome === outcome).map((o) => t.fields[o.field]);
  const groups = [
    { title: t.applied, items: names('applied') },
    { title: t.rejected, items: names('rejected') },
  ].filter((group) => group.items.length > 0);
  const greeting = t.greeting(greetingName(options.name));
  const text = [
    greeting,
    '',
    t.intro(site),
    '',
    ...groups.flatMap((group) => [group.title, ...group.items.map((item) => `- ${item}`), '']),
    t.outro,
  ].join('\n');
  const html = `<!doctype html><html lang="${htmlLang(options.language)}"><body style="font-family:sans-serif;font-size:16px;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t.intro(site))}</p>
${groups
  .map(
    (group) =>
      `<p>${escapeHtml(group.title)}</p>\n<ul>${group.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
  )
  .join('\n')}
<p>${escapeHtml(t.outro)}</p>
</body></html>`;
  return { to: options.to, subject: t.subject(site), text, html };
}
