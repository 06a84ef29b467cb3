import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notePath, takeFlash } from '#client/lib/flash.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import { REFERENCE_LIST_NAMES } from '#shared/schemas/reference-lists.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { buildSiteRecord } from '#testing/factories.ts';
import { SiteForm } from './site-form.tsx';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const lists = {
  items: Object.fromEntries(REFERENCE_LIST_NAMES.map((list) => [list, []])),
  pending: false,
  error: null,
  refetch: async () => [],
} as unknown as Parameters<typeof SiteForm>[0]['lists'];

async function renderForm(site: Site | undefined, language = 'en') {
  const form = (
    <SiteForm
      site={site}
      lists={lists}
      listPath={() => '/'}
      onGeocodeWarning={() => {}}
      geocodeWarning={false}
    />
  );
  return render(
    <I18nextProvider i18n={await createTestI18n(language)}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[site ? `/sites/${site.id}/edit` : '/sites/new']}>
          <Routes>
            <Route path="/admin" element={<h1>Workspace</h1>} />
            <Route path="/sites" element={<h1>Locations</h1>} />
            <Route path="/sites/:id" element={<h1>Site page</h1>} />
            <Route path="/sites/new" element={form} />
            <Route path="/sites/:id/edit" element={form} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const bayview = () =>
  buildSiteRecord({
    id: 41,
    name: 'Bayview Senior Café',
    address: '1601 Lane St, San Francisco, CA 94124',
    phoneNumber: '4155550100',
    version: 3,
  });

/** The PATCH/POST bodies sent, answering each with the next of `answers`. */
function answer(...answers: (() => Response)[]) {
  const sent: Record<string, unknown>[] = [];
  const gets: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (!init?.method || init.method === 'GET') {
      gets.push(url);
      if (url.endsWith('/history')) return json([]);
      return answers.shift()?.() ?? json({}, 500);
    }
    sent.push(JSON.parse(String(init.body)));
    return answers.shift()?.() ?? json({}, 500);
  });
  return { sent, gets };
}

describe('the site form after a version conflict', () => {
  it('keeps the clerk’s input, shows what the other person changed, and saves against the new version', async () => {
    const site = bayview();
    const theirs = { ...site, phoneNumber: '4155550199', version: 4 };
    const { sent } = answer(
      () =>
        json(
          {
            statusCode: 409,
            error: 'Conflict',
            code: 'version_conflict',
            message: 'Changed',
            current: theirs,
          },
          409,
        ),
      () => json({ ...theirs, name: 'Bayview Café', version: 5 }),
    );
    await renderForm(site);
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Bayview Senior Café' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name (required)'), { target: { value: 'Bayview Café' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    const panel = await screen.findByRole('region', {
      name: 'Someone else changed this record while you were editing it',
    });
    expect(document.activeElement?.textContent).toBe(
      'Someone else changed this record while you were editing it',
    );
    expect(panel.textContent).toContain('Phone number: they changed (415) 555-0100 → (415) 555-0199');
    // The clerk's own change stays in the form.
    expect((screen.getByLabelText('Name (required)') as HTMLInputElement).value).toBe('Bayview Café');
    // A field only they changed: theirs by default; the clerk can keep their own instead.
    const takeTheirs = screen.getByRole('radio', {
      name: 'Use their version: (415) 555-0199',
    }) as HTMLInputElement;
    expect(takeTheirs.checked).toBe(true);
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('(415) 555-0199');
    fireEvent.click(screen.getByRole('radio', { name: 'Keep yours: (415) 555-0100' }));
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('(415) 555-0100');
    fireEvent.click(takeTheirs);

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ name: 'Bayview Café', phoneNumber: '4155550199', version: 4 });
  });

  it('fetches the record when the 409 does not carry it', async () => {
    const site = bayview();
    const { gets } = answer(
      () => json({ statusCode: 409, error: 'Conflict', message: 'Changed' }, 409),
      () => json({ ...site, address: '1700 Lane St, San Francisco, CA 94124', version: 4 }),
    );
    await renderForm(site);
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '(415) 555-0123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const panel = await screen.findByRole('region', {
      name: 'Someone else changed this record while you were editing it',
    });
    expect(gets).toContain('/api/sites/41');
    expect(panel.textContent).toContain(
      'Address: they changed 1601 Lane St, San Francisco, CA 94124 → 1700 Lane St, San Francisco, CA 94124',
    );
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('(415) 555-0123');
  });

  it('speaks Spanish', async () => {
    const site = bayview();
    answer(() =>
      json(
        {
          statusCode: 409,
          code: 'version_conflict',
          message: 'x',
          current: { ...site, phoneNumber: '4155550199', version: 4 },
        },
        409,
      ),
    );
    await renderForm(site, 'es');
    fireEvent.change(screen.getByLabelText('Nombre (obligatorio)'), { target: { value: 'Bayview Café' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const panel = await screen.findByRole('region', {
      name: 'Otra persona cambió este registro mientras usted lo editaba',
    });
    expect(panel.textContent).toContain('la otra persona cambió (415) 555-0100 → (415) 555-0199');
  });
});

describe('the site form when the site may already be listed', () => {
  it('lists the matching sites, opening in a new tab, and saves anyway only when asked', async () => {
    const candidate = {
      id: 7,
      name: 'Bayview Senior Cafe',
      address: '1601 Lane Street',
      phoneNumber: '4155550100',
      reasons: ['address', 'phone'],
    };
    const { sent } = answer(
      () =>
        json(
          {
            statusCode: 409,
            error: 'Conflict',
            code: 'duplicate',
            message: 'Possible duplicate',
            candidates: [candidate],
          },
          409,
        ),
      () =>
        json(
          {
            statusCode: 409,
            error: 'Conflict',
            code: 'duplicate',
            message: 'Possible duplicate',
            candidates: [candidate],
          },
          409,
        ),
      () => json({ ...bayview(), id: 42 }, 201),
    );
    await renderForm(undefined);
    expect(screen.getByRole('heading', { level: 1, name: 'Add a site' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name (required)'), { target: { value: 'Bayview Senior Café' } });
    fireEvent.change(screen.getByLabelText('Address (required)'), { target: { value: '1601 Lane St' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    const warning = await screen.findByRole('region', { name: 'This site may already be listed' });
    const link = screen.getByRole('link', { name: 'Bayview Senior Cafe (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/sites/7');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(warning.textContent).toContain('(415) 555-0100');
    expect(warning.textContent).toContain('Same address and phone number');
    expect(sent[0]).not.toHaveProperty('confirmDuplicate');

    // "Don't save" leaves the form as it was.
    fireEvent.click(screen.getByRole('button', { name: 'Don’t save' }));
    expect(screen.queryByRole('region', { name: 'This site may already be listed' })).toBeNull();
    expect((screen.getByLabelText('Address (required)') as HTMLInputElement).value).toBe('1601 Lane St');

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('region', { name: 'This site may already be listed' });
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toMatchObject({ name: 'Bayview Senior Café', confirmDuplicate: true });
  });
});

describe('the site form after a save', () => {
  it('returns to the workspace when the clerk came from it, with a saved banner', async () => {
    const site = bayview();
    answer(() => json({ ...site, version: 4 }));
    notePath('/admin');
    notePath(`/sites/${site.id}/edit`);
    await renderForm(site);
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '(415) 555-0123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Workspace' })).toBeTruthy();
    expect(takeFlash()).toBe('Saved Bayview Senior Café');
  });

  it('returns to the site’s page when the clerk came from it', async () => {
    const site = bayview();
    answer(() => json({ ...site, version: 4 }));
    notePath(`/sites/${site.id}`);
    notePath(`/sites/${site.id}/edit`);
    await renderForm(site);
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '(415) 555-0123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Site page' })).toBeTruthy();
  });

  it('returns to the list of sites otherwise (a row’s edit link, Add new site, any other page)', async () => {
    for (const from of ['/sites', '/login']) {
      const site = bayview();
      answer(() => json({ ...site, version: 4 }));
      notePath(from);
      notePath(`/sites/${site.id}/edit`);
      const { unmount } = await renderForm(site);
      fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '(415) 555-0123' } });
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Locations' })).toBeTruthy();
      expect(takeFlash()).toBe('Saved Bayview Senior Café');
      unmount();
    }
  });
});

describe('the site form’s errors', () => {
  it('are summarised at the top, name the field, and link to it', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    await renderForm(undefined);
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'There is a problem' }));
    const summary = screen.getByRole('region', { name: 'There is a problem' });
    const links = [...summary.querySelectorAll('a')].map((a) => a.textContent);
    expect(links).toEqual([
      'Enter the site’s name',
      'Enter the site’s address',
      'Phone number: Must be exactly 10 digits.',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Enter the site’s address' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Address (required)'));
    expect(fetch).not.toHaveBeenCalled();
  });
});
