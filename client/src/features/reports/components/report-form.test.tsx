import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { ReportForm } from './report-form.tsx';
import { ReportProblem } from './report-problem.tsx';

afterEach(() => vi.restoreAllMocks());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** POST /api/reports behind fetch: answers `answer` and records the bodies sent. */
function fakeReports(answer: () => Response = () => json({ received: true }, 202)) {
  const sent: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input) === '/api/reports' && init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      return answer();
    }
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${String(input)}`);
  });
  return sent;
}

async function renderForm(element: React.ReactElement, language = 'en') {
  const i18n = await createTestI18n(language);
  render(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
}

describe('ReportForm', () => {
  it('asks for at least one reason, on the reasons, before sending anything', async () => {
    const sent = fakeReports();
    await renderForm(<ReportForm siteId={7} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    const reasons = screen.getByRole('group', { name: 'What is wrong?' });
    expect(reasons.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(reasons).getByText('Choose at least one thing that is wrong.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please correct the problems marked below.');
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'The site is closed' }));
    expect(sent).toEqual([]);
  });

  it('sends the site, the reasons in order, the message and the contact, then thanks with focus', async () => {
    const sent = fakeReports();
    await renderForm(<ReportForm siteId={7} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'The phone number is wrong' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'The hours are wrong' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Tell us more (optional)' }), {
      target: { value: '  They now open at noon.  ' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Your phone or email (optional)' }), {
      target: { value: 'ana@example.org' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    });
    expect(sent).toEqual([
      {
        siteId: 7,
        reasons: ['hours', 'phone'],
        message: 'They now open at noon.',
        contact: 'ana@example.org',
      },
    ]);
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Thank you/));
    expect(screen.getByText('We received your report and will check the information.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send report' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Report another problem' }));
    expect(
      (screen.getByRole('checkbox', { name: 'The phone number is wrong' }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('without a site sends a general report', async () => {
    const sent = fakeReports();
    await renderForm(<ReportForm />);
    expect(screen.getByText(/Tell us about a problem with a site or with this directory/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Something else' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    });
    expect(sent).toEqual([{ reasons: ['other'] }]);
  });

  it('keeps its robot trap out of sight, out of screen readers and out of Tab, and sends what a robot types there', async () => {
    const sent = fakeReports();
    await renderForm(<ReportForm siteId={7} />);
    expect(screen.queryByRole('textbox', { name: 'Leave this empty' })).toBeNull();
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')?.classList.contains('visually-hidden')).toBe(true);
    expect(trap.labels?.[0]?.textContent).toBe('Leave this empty');
    fireEvent.change(trap, { target: { value: 'https://spam.example' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Something else' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    });
    expect(sent).toEqual([{ siteId: 7, reasons: ['other'], website: 'https://spam.example' }]);
  });

  it("names the server's field errors beside their fields, and an unknown site in the form's message", async () => {
    fakeReports(() =>
      json(
        {
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: 'Invalid',
          errors: [
            { path: 'message', code: 'too_long', message: 'is too long', params: { max: 2000 } },
            { path: 'siteId', code: 'unknown_ids', message: 'is not a site' },
          ],
        },
        422,
      ),
    );
    await renderForm(<ReportForm siteId={99} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Something else' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    });
    const message = screen.getByRole('textbox', { name: 'Tell us more (optional)' });
    expect(message.getAttribute('aria-invalid')).toBe('true');
    const described = message.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent).join(' ')).toMatch(/2,?000/);
    expect(document.activeElement).toBe(message);
    expect(screen.getByRole('alert').textContent).toMatch(/^Please correct the problems marked below\. ./);
  });

  it('says when too many reports came from the connection', async () => {
    fakeReports(() => json({ statusCode: 429, error: 'Too Many Requests', message: 'Rate limit' }, 429));
    await renderForm(<ReportForm siteId={7} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Something else' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    });
    expect(screen.getByRole('alert').textContent).toMatch(
      /Too many reports have been sent from your connection/,
    );
  });

  it.each([
    ['es', 'Informar un problema', '¿Qué está mal?', 'El horario está mal', 'Enviar informe'],
    ['zh', '報告問題', '有甚麼錯誤？', '開放時間有誤', '提交報告'],
  ])('speaks %s', async (language, open, legend, hours, send) => {
    await renderForm(<ReportProblem siteId={7} />, language);
    const button = screen.getByRole('button', { name: open });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('group', { name: legend })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: hours })).toBeTruthy();
    expect(screen.getByRole('button', { name: send })).toBeTruthy();
  });
});

describe('ReportProblem on the site page', () => {
  it('is a heading with a button that shows and hides the form', async () => {
    await renderForm(<ReportProblem siteId={7} />);
    const button = within(screen.getByRole('heading', { level: 2 })).getByRole('button', {
      name: 'Report a problem',
    });
    expect(screen.queryByRole('group', { name: 'What is wrong?' })).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByRole('group', { name: 'What is wrong?' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Report a problem' })).toBeTruthy();
    fireEvent.click(button);
    expect(screen.queryByRole('group', { name: 'What is wrong?' })).toBeNull();
  });
});
