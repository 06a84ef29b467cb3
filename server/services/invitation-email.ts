import { htmlLang, type Language } from '#shared/languages.ts';
import type { Role } from '#shared/roles.ts';
import { escapeHtml, greetingName, type Message } from './mail.ts';

const TEXT: Record<
  Language,
  {
    subject: string;
    greeting: (name: string | undefined) => string;
    body: (role: string) => string;
    roles: Record<Role, string>;
    expiry: (days: number) => string;
    ignore: string;
    button: string;
  }
> = {
  en: {
    subject: 'Your Community Meal Sites account',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: (role) =>
      `An administrator of Community Meal Sites has made you an account as ${role}. To set your password and log in, open this link:`,
    roles: { admin: 'an administrator', editor: 'an editor', partner: 'a partner manager', user: 'a user' },
    expiry: (days) => `The link works once and expires in ${days} ${days === 1 ? 'day' : 'days'}.`,
    ignore: 'If you did not expect this e-mail, you can ignore it; the account stays unused.',
    button: 'Set my password',
  },
  es: {
    subject: 'Su cuenta de Comedores Comunitarios',
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    body: (role) =>
      `Un administrador de Comedores Comunitarios le creó una cuenta como ${role}. Para elegir su contraseña e iniciar sesión, abra este enlace:`,
    roles: {
      admin: 'administrador',
      editor: 'editor',
      partner: 'encargado de un proveedor de comidas',
      user: 'usuario',
    },
    expiry: (days) => `El enlace funciona una sola vez y vence en ${days} ${days === 1 ? 'día' : 'días'}.`,
    ignore: 'Si no esperaba este correo, puede ignorarlo; la cuenta no se usará.',
    button: 'Elegir mi contraseña',
  },
  zh: {
    subject: '您的社區用餐點帳戶',
    greeting: (name) => (name ? `${name}，您好：` : '您好：'),
    body: (role) => `社區用餐點的管理員已為您開設${role}帳戶。如需設定密碼並登入，請開啟以下連結：`,
    roles: { admin: '管理員', editor: '編輯', partner: '膳食服務機構負責人', user: '用戶' },
    expiry: (days) => `此連結只能使用一次，將於 ${days} 日後失效。`,
    ignore: '如果您沒有預期收到此郵件，請忽略它，帳戶將不會啟用。',
    button: '設定我的密碼',
  },
};

/**
 * The invitation to a staff account (docs/product.md R581), as text and HTML, in the inviter's
 * language: who asked, the role, the link to set a password, and how long it works.
 */
export function invitationEmail(options: {
  to: string;
  name: string;
  role: Role;
  link: string;
  ttlSeconds: number;
  language: Language;
}): Message {
  const t = TEXT[options.language];
  const days = Math.max(1, Math.round(options.ttlSeconds / 86_400));
  const greeting = t.greeting(greetingName(options.name));
  const body = t.body(t.roles[options.role]);
  const text = [greeting, '', body, options.link, '', t.expiry(days), t.ignore].join('\n');
  const html = `<!doctype html><html lang="${htmlLang(options.language)}"><body style="font-family:sans-serif;font-size:16px;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(options.link)}" style="display:inline-block;padding:12px 20px;background:#0b5394;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(t.button)}</a></p>
<p>${escapeHtml(options.link)}</p>
<p>${escapeHtml(t.expiry(days))}</p>
<p>${escapeHtml(t.ignore)}</p>
</body></html>`;
  return { to: options.to, subject: t.subject, text, html };
}
