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
