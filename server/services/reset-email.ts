import { htmlLang, type Language } from '#shared/languages.ts';
import { escapeHtml, greetingName, type Message } from './mail.ts';

const TEXT: Record<
  Language,
  {
    subject: string;
    greeting: (name: string | undefined) => string;
    body: string;
    expiry: (hours: number) => string;
    ignore: string;
    button: string;
  }
> = {
  en: {
    subject: 'Reset your password',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: 'Someone asked to reset the password of your Community Meal Sites account. To choose a new password, open this link:',
    expiry: (hours) => `The link works once and expires in ${hours} ${hours === 1 ? 'hour' : 'hours'}.`,
    ignore: 'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
    button: 'Choose a new password',
  },
  es: {
    subject: 'Restablezca su contraseña',
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    body: 'Alguien pidió restablecer la contraseña de su cuenta de Comedores Comunitarios. Para elegir una contraseña nueva, abra este enlace:',
    expiry: (hours) =>
      `El enlace funciona una sola vez y vence en ${hours} ${hours === 1 ? 'hora' : 'horas'}.`,
    ignore: 'Si usted no lo pidió, puede ignorar este correo; su contraseña no cambiará.',
    button: 'Elegir una contraseña nueva',
  },
  zh: {
    subject: '重設您的密碼',
    greeting: (name) => (name ? `${name}，您好：` : '您好：'),
    body: '有人要求重設您的社區用餐點帳戶密碼。如需設定新密碼，請開啟以下連結：',
    expiry: (hours) => `此連結只能使用一次，將於 ${hours} 小時後失效。`,
    ignore: '如果這不是您提出的要求，請忽略此郵件，您的密碼不會改變。',
    button: '設定新密碼',
  },
};

/** The password-reset e-mail, as text and HTML, in the user's language. */
export function resetEmail(options: {
  to: string;
  name: string;
  link: string;
  ttlSeconds: number;
  language: Language;
}): Message {
  const t = TEXT[options.language];
  const hours = Math.max(1, Math.round(options.ttlSeconds / 3600));
  const text = [
    t.greeting(greetingName(options.name)),
    '',
    t.body,
    options.link,
    '',
    t.expiry(hours),
    t.ignore,
  ].join('\n');
  const html = `<!doctype html><html lang="${htmlLang(options.language)}"><body style="font-family:sans-serif;font-size:16px;line-height:1.5">
<p>${escapeHtml(t.greeting(greetingName(options.name)))}</p>
<p>${escapeHtml(t.body)}</p>
<p><a href="${escapeHtml(options.link)}" style="display:inline-block;padding:12px 20px;background:#0b5394;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(t.button)}</a></p>
<p>${escapeHtml(options.link)}</p>
<p>${escapeHtml(t.expiry(hours))}</p>
<p>${escapeHtml(t.ignore)}</p>
</body></html>`;
  return { to: options.to, subject: t.subject, text, html };
}

const CHANGED: Record<
  Language,
  {
    subject: string;
    greeting: (name: string | undefined) => string;
    body: (email: string) => string;
    notYou: string;
  }
> = {
  en: {
    subject: 'Your e-mail address was changed',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: (email) =>
      `The e-mail address of your Community Meal Sites account was just changed to ${email}. From now on we will write to that address, and you log in with it.`,
    notYou:
      'If you did not make this change, someone else may be using your account: please contact the Community Meal Sites team right away.',
  },
  es: {
    subject: 'Se cambió su dirección de correo electrónico',
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    body: (email) =>
      `La dirección de correo electrónico de su cuenta de Comedores Comunitarios se acaba de cambiar a ${email}. A partir de ahora le escribiremos a esa dirección, y usted iniciará sesión con ella.`,
    notYou:
      'Si usted no hizo este cambio, es posible que otra persona esté usando su cuenta: comuníquese de inmediato con el equipo de Comedores Comunitarios.',
  },
  zh: {
    subject: '您的電郵地址已更改',
    greeting: (name) => (name ? `${name}，您好：` : '您好：'),
    body: (email) =>
      `您的社區用餐點帳戶的電郵地址剛剛已更改為 ${email}。此後我們會寄信到該地址，您亦要用它登入。`,
    notYou: '如果這不是您本人作出的更改，可能有其他人正在使用您的帳戶：請立即聯絡社區用餐點團隊。',
  },
};

/** The notice sent to the OLD address when an account's e-mail address changes, in the user's language. */
export function emailChangedEmail(options: {
  to: string;
  name: string;
  newEmail: string;
  language: Language;
}): Message {
  const t = CHANGED[options.language];
  const paragraphs = [t.greeting(greetingName(options.name)), t.body(options.newEmail), t.notYou];
  const text = paragraphs.join('\n\n');
  const html = `<!doctype html><html lang="${htmlLang(options.language)}"><body style="font-family:sans-serif;font-size:16px;line-height:1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;
  return { to: options.to, subject: t.subject, text, html };
}
