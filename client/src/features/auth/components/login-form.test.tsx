import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { LoginForm } from './login-form.tsx';

afterEach(() => vi.restoreAllMocks());

async function renderLogin(language: string) {
  render(
    <I18nextProvider i18n={await createTestI18n(language)}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/login']}>
          <LoginForm />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe.each([
  [
    'en',
    'Submit',
    'There is a problem',
    'Enter your email address',
    'Enter your password',
    'Email',
    'Show password',
  ],
  [
    'es',
    'Enviar',
    'Hay un problema',
    'Escriba su correo electrónico',
    'Escriba su contraseña',
    'Correo electrónico',
    'Mostrar la contraseña',
  ],
  ['zh', '提交', '表格有問題', '請輸入您的電郵地址', '請輸入您的密碼', '電郵', '顯示密碼'],
])('the log-in form in %s', (language, submitName, title, noEmail, noPassword, emailLabel, show) => {
  it('names each empty box in a summary that takes focus and links to it, without sending', async () => {
    const posts: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (init?.method === 'POST') posts.push(String(input));
      return new Response('null', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    await renderLogin(language);
    expect(screen.getByRole('button', { name: show }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: submitName }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: title }));
    fireEvent.click(screen.getByRole('link', { name: noPassword }));
    expect(document.activeElement?.getAttribute('name')).toBe('password');
    fireEvent.click(screen.getByRole('link', { name: noEmail }));
    expect(document.activeElement).toBe(screen.getByLabelText(emailLabel));
    expect(posts).toEqual([]);
  });
});

describe.each([
  [
    'en',
    'Submit',
    'Email',
    'Password',
    'Too many wrong passwords for this account. Please wait 3 minutes and try again, or reset your password.',
    'Too many attempts from your connection. Please wait a minute and try again.',
  ],
  [
    'es',
    'Enviar',
    'Correo electrónico',
    'Contraseña',
    'Se ingresó una contraseña incorrecta demasiadas veces para esta cuenta. Espere 3 minutos y vuelva a intentarlo, o restablezca su contraseña.',
    'Demasiados intentos desde su conexión. Espere un minuto y vuelva a intentarlo.',
  ],
  [
    'zh',
    '提交',
    '電郵',
    '密碼',
    '此帳戶輸入錯誤密碼的次數太多。請等候 3 分鐘後再試，或重設密碼。',
    '您的網絡連線嘗試次數太多。請等候一分鐘後再試。',
  ],
])('a refused log-in in %s (R540)', (language, submitName, emailLabel, passwordLabel, locked, tooMany) => {
  async function submitAnswered(body: Record<string, unknown>) {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(JSON.stringify(body), { status: 429, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderLogin(language);
    fireEvent.change(screen.getByLabelText(emailLabel), { target: { value: 'someone@example.org' } });
    fireEvent.change(screen.getByLabelText(passwordLabel), { target: { value: 'a-password-1' } });
    fireEvent.click(screen.getByRole('button', { name: submitName }));
  }

  it("says a locked account's wait in the reader's language, not the server's English", async () => {
    await submitAnswered({ status: 429, code: 'account_locked', params: { minutes: 3 }, message: 'English' });
    expect((await screen.findAllByText(locked)).length).toBeGreaterThan(0);
    expect(screen.queryByText('English')).toBeNull();
  });

  it('says the connection made too many attempts for any other 429', async () => {
    await submitAnswered({
      status: 429,
      message: 'Too many attempts. Please wait 30 seconds and try again.',
    });
    expect((await screen.findAllByText(tooMany)).length).toBeGreaterThan(0);
  });
});
