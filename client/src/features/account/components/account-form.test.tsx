import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import type { User } from '#shared/schemas/users.ts';
import { AccountForm } from './account-form.tsx';

const user: User = {
  id: 7,
  isAdmin: false,
  role: 'user',
  firstName: 'Uma',
  lastName: 'User',
  email: 'uma@example.org',
  picture: null,
  pictureUrl: null,
};

/** What the form sent, and the answers it gets, in order. */
let sent: { method: string; url: string; body: Record<string, unknown> }[];
let answers: { status: number; body: unknown }[];

beforeEach(() => {
  sent = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ method: init.method ?? 'GET', url, body: JSON.parse(String(init.body ?? '{}')) });
      const answer = answers.shift() ?? { status: 200, body: user };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderForm(language = 'en') {
  const i18n = await createTestI18n(language);
  const onSaved = vi.fn();
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <AccountForm user={user} onSaved={onSaved} renderPicture={() => null} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
  });
  return { onSaved };
}

const currentPasswordField = (name = 'Current password') =>
  screen.queryByRole('textbox', { name }) ?? screen.queryByLabelText(name, { selector: 'input' });

describe('AccountForm: the current password', () => {
  it('is asked for only once the e-mail or the password changes, and goes with the save', async () => {
    const events = userEvent.setup();
    await renderForm();
    expect(currentPasswordField()).toBeNull();

    // A name change needs no proof.
    await events.type(screen.getByLabelText('First name'), 'x');
    expect(currentPasswordField()).toBeNull();
    // The same address in other case is no change either.
    await events.clear(screen.getByLabelText('Email'));
    await events.type(screen.getByLabelText('Email'), 'UMA@example.org');
    expect(currentPasswordField()).toBeNull();

    await events.clear(screen.getByLabelText('Email'));
    await events.type(screen.getByLabelText('Email'), 'new@example.org');
    const field = currentPasswordField();
    expect(field).not.toBeNull();
    expect(field!.getAttribute('type')).toBe('password');
    expect(field!.getAttribute('autocomplete')).toBe('current-password');

    await events.type(field!, 'password123');
    await events.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ email: 'new@example.org', currentPassword: 'password123' });

    // Back to the same address: the field goes away, and a new password brings it back.
    await events.clear(screen.getByLabelText('Email'));
    await events.type(screen.getByLabelText('Email'), user.email);
    expect(currentPasswordField()).toBeNull();
    await events.type(screen.getByLabelText('Password', { exact: true }), 'brand-new-1');
    expect(currentPasswordField()).not.toBeNull();
  });

  it("shows the server's refusal on the field, in the visitor's language", async () => {
    const events = userEvent.setup();
    answers.push({
      status: 422,
      body: { status: 422, errors: [{ path: 'currentPassword', message: 'is not correct' }] },
    });
    await renderForm('es');
    await events.type(screen.getByLabelText('Contraseña', { exact: true }), 'nueva-clave-1');
    const field = currentPasswordField('Contraseña actual')!;
    expect(field).not.toBeNull();
    await events.type(field, 'equivocada-1');
    await events.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const described = (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toContain('No es correcta.');
  });

  it('shows "is required" on the field when the server asks for it, and speaks Chinese', async () => {
    const events = userEvent.setup();
    answers.push({
      status: 422,
      body: { status: 422, errors: [{ path: 'currentPassword', message: 'is required' }] },
    });
    await renderForm('zh');
    await events.clear(screen.getByLabelText('電郵'));
    await events.type(screen.getByLabelText('電郵'), 'other@example.org');
    const field = currentPasswordField('現時密碼')!;
    expect(field).not.toBeNull();
    await events.click(screen.getByRole('button', { name: '儲存變更' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  });
});
