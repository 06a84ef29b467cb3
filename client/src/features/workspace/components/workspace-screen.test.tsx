import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setAppData } from '#client/lib/app-data.ts';
import { createTestI18n } from '#client/testing/i18n.ts';
import { showFlags } from '#shared/schemas/workspace.ts';
import { workspaceSelection } from '#shared/workspace-sites.ts';
import { agencyDate } from '../model/dates.ts';
import type { Report, WorkspaceSite } from '../model/workspace.ts';
import { WorkspaceScreen } from './workspace-screen.tsx';

type LocaleModule = { default: Record<string, unknown> };
const words = import.meta.glob<LocaleModule>('@locales/*/admin-workspace.json', {
  eager: true,
});

async function i18nWith(language: string) {
  const i18n = await createTestI18n(language);
  for (const [file, module] of Object.entries(words)) {
    const lng = /locales\/(\w+)\//.exec(file)?.[1];
    if (lng) i18n.addResourceBundle(lng, 'admin-workspace', module.default);
  }
  return i18n;
}

afterEach(() => {
  vi.restoreAllMocks();
  pageLimit = 50;
});

const site = (overrides: Partial<WorkspaceSite>): WorkspaceSite => ({
  id: 1,
  name: 'Site',
  translations: {},
  address: '1 Main St',
  phoneNumber: '4155550100',
  email: 'site@example.org',
  confirmedAt: null,
  updatedAt: '2026-01-01T00:00:00Z',
  hasPosition: true,
  hasHours: true,
  temporarilyClosed: false,
  openReports: 0,
  possibleDuplicates: [],
  missingFacts: [],
  ...overrides,
});

const SITES = [
  site({
    id: 1,
    name: 'Café Mission',
    translations: { zh: { name: '米慎咖啡館' } },
    confirmedAt: '2026-11-20T18:00:00Z',
  }),
  site({ id: 2, name: 'Bayview Lunch', hasPosition: false, confirmedAt: '2025-01-10T18:00:00Z' }),
  site({ id: 3, name: 'Chinatown Table', hasHours: false, email: null, missingFacts: ['cost', 'languages'] }),
  site({ id: 4, name: 'Sunset Dining', temporarilyClosed: true, confirmedAt: '2026-11-01T18:00:00Z' }),
  site({ id: 5, name: 'Excelsior Meals', openReports: 2, confirmedAt: '2026-11-01T18:00:00Z' }),
  site({ id: 6, name: 'Excelsior Meals Two', possibleDuplicates: [5], confirmedAt: '2026-11-01T18:00:00Z' }),
];

const REPORTS: Report[] = [
  {
    id: 10,
    siteId: 5,
    siteName: 'Excelsior Meals',
    reasons: ['hours', 'phone'],
    message: 'They open at noon now.',
    contact: 'ana@example.org',
    source: 'site-contact',
    status: 'new',
    note: null,
    notes: [],
    events: [],
    createdAt: '2026-11-23T18:00:00Z',
    fixedBy: null,
    updatedAt: '2026-11-23T18:00:00Z',
  },
  {
    id: 9,
    siteId: null,
    siteName: null,
    reasons: ['other'],
    message: null,
    contact: null,
    source: 'public',
    status: 'resolved',
    note: 'Answered by phone',
    notes: [
      {
        text: 'Called back, no answer',
        author: { id: 2, name: 'Ana Ruiz' },
        createdAt: '2026-11-20T19:00:00Z',
      },
      { text: 'Answered by phone', author: { id: 3, name: 'Bo Chan' }, createdAt: '2026-11-21T18:00:00Z' },
    ],
    events: [
      { from: 'new', to: 'resolved', by: { id: 3, name: 'Bo Chan' }, createdAt: '2026-11-21T18:00:00Z' },
    ],
    createdAt: '2026-11-20T18:00:00Z',
    fixedBy: null,
    updatedAt: '2026-11-21T18:00:00Z',
  },
];

/** The lines of a report's trail, as read. */
const trailOf = (report: HTMLElement) =>
  Array.from(report.querySelectorAll('.workspace-report__trail li')).map((li) => li.textContent);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server's page size, made small where a test pages. */
let pageLimit = 50;

/** GET /api/workspace/sites in memory, by the server's own rules (shared/workspace-sites.ts). */
function sitesPage(sites: WorkspaceSite[], url: string) {
  const query = new URL(url, 'http://x').searchParams;
  const days = Number(query.get('days') ?? 180);
  const offset = Number(query.get('offset') ?? 0);
  const limit = Number(query.get('limit') ?? pageLimit);
  const date = (instant: string) => agencyDate(instant);
  const { matching, counts } = workspaceSelection(
    sites,
    { search: query.get('q') ?? '', flags: showFlags(query.get('show') ?? ''), days },
    '2026-11-24',
    date,
  );
  const page = matching.slice(offset, offset + limit);
  const names = Object.fromEntries(
    page.flatMap((s) => s.possibleDuplicates.map((id) => [id, sites.find((o) => o.id === id)!.name])),
  );
  return { total: sites.length, matching: matching.length, offset, limit, days, counts, sites: page, names };
}

/** The staff API behind fetch, in memory. */
function fakeApi() {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const sites = SITES.map((s) => ({ ...s }));
  const reports = REPORTS.map((r) => ({ ...r }));
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (url === '/api/workspace?sites=none') return json({ sites: [], usage: { populations: { '1': 3 } } });
    if (url.startsWith('/api/workspace/sites?')) return json(sitesPage(sites, url));
    const confirmation = /^\/api\/sites\/(\d+)\/confirmations$/.exec(url);
    if (confirmation && method === 'POST') {
      const found = sites.find((s) => s.id === Number(confirmation[1]))!;
      found.confirmedAt = '2026-11-24T20:00:00Z';
      return json({ ...found, version: 1 }, 201);
    }
    const request = /^\/api\/sites\/(\d+)\/confirmation-requests$/.exec(url);
    if (request && method === 'POST') {
      const found = sites.find((s) => s.id === Number(request[1]))!;
      if (!found.email)
        return json(
          {
            statusCode: 422,
            message: 'No email',
            errors: [{ path: 'email', code: 'no_email', message: 'none' }],
          },
          422,
        );
      return json({ sentTo: found.email }, 202);
    }
    if (url.startsWith('/api/reports') && method === 'GET') {
      const status = new URL(url, 'http://x').searchParams.get('status');
      return json(reports.filter((r) => !status || r.status === status));
    }
    const patch = /^\/api\/reports\/(\d+)$/.exec(url);
    if (patch && method === 'PATCH') {
      const found = reports.find((r) => r.id === Number(patch[1]))!;
      const { status, note, fixedBy } = body as { status: Report['status']; note?: string; fixedBy?: number };
      const at = '2026-11-24T21:00:00Z';
      const by = { id: 1, name: 'Dee Admin' };
      if (status !== found.status)
        found.events = [...found.events, { from: found.status, to: status, by, createdAt: at }];
      if (note) found.notes = [...found.notes, { text: note, author: by, createdAt: at }];
      Object.assign(found, { status, updatedAt: at, ...(note && { note }) });
      if (fixedBy) found.fixedBy = { historyId: fixedBy, createdAt: '2026-11-24T19:00:00Z', by };
      return json(found);
    }
    if (url === '/api/sites/5/history')
      return json([
        {
          id: 77,
          action: 'update',
          source: 'form',
          restoredFrom: null,
          fixesReports: [],
          changes: { Hours: [[], []] },
          createdAt: '2026-11-24T19:00:00Z',
          user: { id: 1, firstName: 'Dee', lastName: 'Admin' },
        },
      ]);
    if (url === '/api/populations') return json([{ id: 1, name: 'Seniors', translations: {}, version: 2 }]);
    if (/^\/api\/populations\/1\?version=2$/.test(url) && method === 'DELETE')
      return new Response(null, { status: 204 });
    if (/^\/api\/[a-z]+$/.test(url)) return json([]);
    throw new Error(`unexpected ${method} ${url}`);
  });
  return calls;
}

async function renderWorkspace(language = 'en') {
  const i18n = await i18nWith(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <WorkspaceScreen today="2026-11-24" />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await screen.findByText(/of 6 sites|de 6 comedores|6 個用餐點/);
}

const sitesRegion = () => screen.getByRole('region', { name: /^Sites$|^Comedores$|^用餐點$/ });
const shownSites = () =>
  within(sitesRegion())
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('the workspace', () => {
  beforeAll(() =>
    setAppData({ config: { agencyTimeZone: 'America/Los_Angeles', staleAfterDays: 180 } as never }),
  );

  it('lists every site by name with its last confirmation and links, and searches names in any language without accents', async () => {
    fakeApi();
    await renderWorkspace();
    expect(shownSites()).toEqual([
      'Bayview Lunch',
      'Café Mission',
      'Chinatown Table',
      'Excelsior Meals',
      'Excelsior Meals Two',
      'Sunset Dining',
    ]);
    expect(screen.getByRole('link', { name: 'Café Mission' }).getAttribute('href')).toBe('/sites/1');
    expect(screen.getByRole('link', { name: 'Edit Café Mission' }).getAttribute('href')).toBe(
      '/sites/1/edit',
    );
    expect(screen.getByText('Last confirmed: Nov 20, 2026')).toBeTruthy();
    expect(screen.getAllByText('Never confirmed')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Add a site' }).getAttribute('href')).toBe('/sites/new');
    expect(screen.getByRole('link', { name: 'Import a spreadsheet' }).getAttribute('href')).toBe(
      '/admin/import',
    );
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/sites/export.csv',
    );
    expect(screen.getByRole('link', { name: 'Download Excel' }).hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Go to closures and holidays' }).getAttribute('href')).toBe(
      '/admin/closures',
    );

    const search = screen.getByRole('searchbox', { name: 'Search by name' });
    fireEvent.change(search, { target: { value: 'CAFE' } });
    await waitFor(() => expect(shownSites()).toEqual(['Café Mission']));
    fireEvent.change(search, { target: { value: 'Bay' } });
    await waitFor(() => expect(shownSites()).toEqual(['Bayview Lunch']));
    fireEvent.change(search, { target: { value: '咖啡' } });
    await waitFor(() => expect(shownSites()).toEqual(['Café Mission']));
    expect(screen.getByText('1 of 6 sites')).toBeTruthy();
  });

  it.each([
    ['Not confirmed in 180 days', ['Bayview Lunch', 'Chinatown Table']],
    ['Without a map position', ['Bayview Lunch']],
    ['Without hours', ['Chinatown Table']],
    ['Temporarily closed', ['Sunset Dining']],
    ['With open reports', ['Excelsior Meals']],
    ['Possible duplicates', ['Excelsior Meals Two']],
    ['Facts missing', ['Chinatown Table']],
  ])('filters: %s', async (filter, expected) => {
    fakeApi();
    await renderWorkspace();
    // Each choice says how many sites it would list.
    const choice = screen.getByRole('checkbox', { name: `${filter} (${expected.length})` });
    fireEvent.click(choice);
    await waitFor(() => expect(shownSites()).toEqual(expected));
    expect(screen.getByText(`${expected.length} of 6 sites`)).toBeTruthy();
  });

  it('shows a page of sites and "Show more" adds the next, the other site of a duplicate named across pages', async () => {
    pageLimit = 4;
    const calls = fakeApi();
    await renderWorkspace();
    expect(shownSites()).toEqual(['Bayview Lunch', 'Café Mission', 'Chinatown Table', 'Excelsior Meals']);
    expect(screen.getByText('6 of 6 sites')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Show 2 more sites' }));
    });
    await waitFor(() => expect(shownSites()).toHaveLength(6));
    expect(screen.queryByRole('button', { name: /Show \d+ more/ })).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/workspace/sites')).map((c) => c.url)).toEqual([
      '/api/workspace/sites?q=&show=&days=180&offset=0',
      '/api/workspace/sites?q=&show=&days=180&offset=4',
    ]);
    const two = screen.getByRole('heading', { level: 3, name: 'Excelsior Meals Two' }).closest('li')!;
    expect(within(two).getByRole('link', { name: 'Excelsior Meals' }).getAttribute('href')).toBe('/sites/5');
  });

  it('asks the server for the chosen flags and days, not every site', async () => {
    const calls = fakeApi();
    await renderWorkspace();
    fireEvent.click(screen.getByRole('checkbox', { name: /^Without hours/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Facts missing/ }));
    await waitFor(() => expect(shownSites()).toEqual(['Chinatown Table']));
    expect(calls.at(-1)?.url).toBe('/api/workspace/sites?q=&show=noHours%2CfactsMissing&days=180&offset=0');
    expect(calls.some((c) => c.url === '/api/workspace')).toBe(false);
  });

  it('says which deciding facts a site lacks, with a link to enter them', async () => {
    fakeApi();
    await renderWorkspace();
    expect(screen.getByText(/Before you go is missing: Cost and Languages/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enter them Chinatown Table' }).getAttribute('href')).toBe(
      '/sites/3/edit#facts-heading',
    );
  });

  it('"not confirmed in N days" follows the number of days', async () => {
    fakeApi();
    await renderWorkspace();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Number of days' }), { target: { value: '10' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Not confirmed in 10 days (5)' }));
    await waitFor(() =>
      expect(shownSites()).toEqual([
        'Bayview Lunch',
        'Chinatown Table',
        'Excelsior Meals',
        'Excelsior Meals Two',
        'Sunset Dining',
      ]),
    );
  });

  it('confirms a site with how it was checked and a note, and the row shows today', async () => {
    const calls = fakeApi();
    await renderWorkspace();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Chinatown Table' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm “Chinatown Table”' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Visit' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), {
      target: { value: 'Saw the menu board' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    });
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/sites/3/confirmations',
      body: { method: 'visit', note: 'Saw the menu board' },
    });
    await screen.findByText('“Chinatown Table” is confirmed as of today.');
    expect(screen.queryAllByText('Never confirmed')).toHaveLength(0);
    expect(screen.getByText('Last confirmed: Nov 24, 2026')).toBeTruthy();
  });

  it('sends a confirmation request and says where, or why not', async () => {
    fakeApi();
    await renderWorkspace();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send confirmation request Café Mission' }));
    });
    expect(await screen.findAllByText('Confirmation request sent to site@example.org.')).not.toHaveLength(0);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send confirmation request Chinatown Table' }));
    });
    expect(
      await screen.findAllByText('This site has no email address. Add one on its Edit page first.'),
    ).not.toHaveLength(0);
  });

  it('shows each list with usage counts, edit links, and deletes after confirmation', async () => {
    const calls = fakeApi();
    await renderWorkspace();
    const populations = await screen.findByRole('region', { name: 'Populations served' });
    await within(populations).findByText('Used by 3 sites');
    expect(within(populations).getByText('Used by 3 sites')).toBeTruthy();
    expect(within(populations).getByRole('link', { name: 'Edit Seniors' }).getAttribute('href')).toBe(
      '/populations/1/edit',
    );
    fireEvent.click(within(populations).getByRole('button', { name: 'Delete Seniors' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Seniors”?' });
    expect(dialog.textContent).toMatch(/3 sites use this item/);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete item' }));
    });
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/populations/1?version=2')).toBe(true);
    await screen.findByText('“Seniors” was deleted.');
  });

  it('resolving a report about a site names the change that fixed it, shown with the report (R577)', async () => {
    const calls = fakeApi();
    await renderWorkspace();
    const reports = screen.getByRole('region', { name: 'Reports from the public' });
    await within(reports).findByText('They open at noon now.');
    const first = within(reports).getAllByRole('article')[0]!;
    expect(within(first).queryByRole('combobox', { name: 'Fixed by which change of the site?' })).toBeNull();
    fireEvent.change(within(first).getByRole('combobox', { name: 'Change the status' }), {
      target: { value: 'resolved' },
    });
    const fixed = within(first).getByRole('combobox', { name: 'Fixed by which change of the site?' });
    await within(fixed).findByRole('option', { name: 'Nov 24, 2026, 11:00 AM, by Dee Admin' });
    fireEvent.change(fixed, { target: { value: '77' } });
    await act(async () => {
      fireEvent.click(within(first).getByRole('button', { name: 'Save Excelsior Meals' }));
    });
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'resolved', fixedBy: 77 });
    const link = await within(reports).findByRole('link', {
      name: 'the change of Nov 24, 2026, 11:00 AM by Dee Admin',
    });
    expect(link.getAttribute('href')).toBe('/sites/5/history');
  });

  it('shows the reports newest first, filters them by status and changes a status with a note', async () => {
    const calls = fakeApi();
    await renderWorkspace();
    const reports = screen.getByRole('region', { name: 'Reports from the public' });
    await within(reports).findByText('They open at noon now.');
    const titles = within(reports)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['Excelsior Meals', 'General report (no site)']);
    const first = within(reports).getAllByRole('article')[0]!;
    expect(first.textContent).toMatch(/The hours are wrong; The phone number is wrong/);
    expect(first.textContent).toMatch(/ana@example\.org/);
    // A change sent through the site's own link says so; a public report does not (R496).
    expect(within(first).getByText('From the site’s verified contact')).toBeTruthy();
    const second = within(reports).getAllByRole('article')[1]!;
    expect(within(second).queryByText('From the site’s verified contact')).toBeNull();
    expect(
      within(first).getByRole('link', { name: 'Edit the site Excelsior Meals' }).getAttribute('href'),
    ).toBe('/sites/5/edit');

    const status = within(first).getByRole('combobox', { name: 'Change the status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['New', 'In progress', 'Resolved', 'Dismissed']);
    fireEvent.change(status, { target: { value: 'in-progress' } });
    fireEvent.change(within(first).getByRole('textbox', { name: 'Staff note (optional)' }), {
      target: { value: 'Calling them' },
    });
    await act(async () => {
      fireEvent.click(within(first).getByRole('button', { name: 'Save Excelsior Meals' }));
    });
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/api/reports/10',
      body: { status: 'in-progress', note: 'Calling them' },
    });
    await screen.findByText('The report is now: In progress.');
    // The change and the note join the report's trail, with who and when; the box is empty again.
    const saved = within(reports).getAllByRole('article')[0]!;
    await waitFor(() =>
      expect(trailOf(saved)).toEqual([
        'Nov 24, 2026, 1:00 PM Dee Admin changed the status from New to In progress',
        'Nov 24, 2026, 1:00 PM Note from Dee AdminCalling them',
      ]),
    );
    expect(
      (within(saved).getByRole('textbox', { name: 'Staff note (optional)' }) as HTMLTextAreaElement).value,
    ).toBe('');

    // Every note is kept, oldest first, each with its author (R541).
    expect(trailOf(within(reports).getAllByRole('article')[1]!)).toEqual([
      'Nov 20, 2026, 11:00 AM Note from Ana RuizCalled back, no answer',
      'Nov 21, 2026, 10:00 AM Bo Chan changed the status from New to Resolved',
      'Nov 21, 2026, 10:00 AM Note from Bo ChanAnswered by phone',
    ]);

    fireEvent.change(within(reports).getByRole('combobox', { name: 'Show reports' }), {
      target: { value: 'resolved' },
    });
    await waitFor(() =>
      expect(
        within(reports)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['General report (no site)']),
    );
  });

  it.each([
    ['es', 'Área de trabajo', 'Sin ubicación en el mapa (1)', 'Informes del público'],
    ['zh', '工作區', '沒有地圖位置（1）', '市民報告'],
  ])('speaks %s', async (language, title, filter, reports) => {
    fakeApi();
    await renderWorkspace(language);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    fireEvent.click(screen.getByRole('checkbox', { name: filter }));
    await waitFor(() => expect(shownSites()).toEqual(['Bayview Lunch']));
    expect(screen.getByRole('region', { name: reports })).toBeTruthy();
  });
});
