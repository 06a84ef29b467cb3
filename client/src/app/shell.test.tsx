import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessibilityScreen } from '#client/app/routes/accessibility.tsx';
import { ContactScreen } from '#client/app/routes/contact.tsx';
import { PrivacyScreen } from '#client/app/routes/privacy.tsx';
import { Footer } from '#client/components/layout/footer.tsx';
import { Navigation } from '#client/components/layout/navigation.tsx';
import { InlineList } from '#client/components/ui/inline-list.tsx';
import { setAppData } from '#client/lib/app-data.ts';
import { createTestI18n } from '#client/testing/i18n.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  setAppData({});
});

async function renderAt(path: string, element: ReactNode, language = 'en') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
  const i18n = await createTestI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={element} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return i18n;
}

const AGENCY = {
  name: { en: 'Riverside Aging Services', es: 'Servicios de Riverside' },
  logoUrl: 'https://cdn.example.org/logo.svg',
  phone: '5105550199',
  phoneHours: null,
  email: 'help@riverside.example.org',
};

describe('the header (docs/product.md R111, R112)', () => {
  const screenWidth = (wide: boolean) =>
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: wide, addEventListener: () => {}, removeEventListener: () => {} })),
    );

  it('folds the links and the language buttons into a "Menu" disclosure', async () => {
    screenWidth(false);
    await renderAt('/about', <Navigation />);
    const summary = screen.getByText('Menu', { selector: 'summary' });
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    const nav = within(details).getByRole('navigation', { name: 'Main', hidden: true });
    for (const name of ['Home', 'About', 'Locations', 'Log in']) {
      expect(within(nav).getByRole('link', { name, hidden: true })).toBeTruthy();
    }
    expect(
      within(details)
        .getAllByRole('button', { hidden: true })
        .map((b) => b.textContent),
    ).toEqual(['English', 'Español', '中文']);
  });

  it('opens the disclosure where the header is wide at the reader’s text size', async () => {
    screenWidth(true);
    await renderAt('/about', <Navigation />);
    expect(screen.getByText('Menu', { selector: 'summary' }).closest('details')!.open).toBe(true);
  });

  it('language buttons submit ?lng= without JavaScript, and switch in place with it', async () => {
    const i18n = await renderAt('/about', <Navigation />);
    const spanish = screen.getByRole('button', { name: 'Español', hidden: true });
    expect(spanish.getAttribute('type')).toBe('submit');
    expect(spanish.getAttribute('name')).toBe('lng');
    expect(spanish.getAttribute('value')).toBe('es');
    expect(spanish.closest('form')?.getAttribute('method')).toBe('get');
    const submitted = vi.fn((event: Event) => event.preventDefault());
    spanish.closest('form')!.addEventListener('submit', submitted);
    fireEvent.click(spanish);
    await waitFor(() => expect(i18n.resolvedLanguage).toBe('es'));
    expect(submitted).not.toHaveBeenCalled();
  });

  it('shows the agency’s logo and, where there is room, its name from the deployment settings', async () => {
    setAppData({ config: { agency: AGENCY } as never });
    await renderAt('/', <Navigation />, 'es');
    const home = screen.getByRole('link', { name: /Comedores Comunitarios/ });
    expect(home.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.org/logo.svg');
    expect(home.textContent).toContain('Servicios de Riverside');
  });
});

describe('the footer (docs/product.md R6, R110, R114)', () => {
  it('names the agency, its phone with the hours it is answered, and links the help pages', async () => {
    await renderAt('/', <Footer />);
    expect(screen.getByText('Bay City Department of Aging and Human Services')).toBeTruthy();
    expect(screen.getByRole('link', { name: '(417) 557-5000' }).getAttribute('href')).toBe(
      'tel:+14175575000',
    );
    expect(screen.getByText('(Monday to Friday, 8 a.m. to 5 p.m.)')).toBeTruthy();
    const links = within(screen.getByRole('navigation', { name: 'Site information' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Contact us', '/contact'],
      ['Accessibility', '/accessibility'],
      ['Privacy', '/privacy'],
    ]);
  });

  it('takes the agency’s name, phone and hours from the deployment settings, in every language', async () => {
    setAppData({
      config: {
        agency: {
          ...AGENCY,
          name: { ...AGENCY.name, zh: '河畔長者服務' },
          phoneHours: 'Lunes a viernes, 9–4',
        },
      } as never,
    });
    await renderAt('/', <Footer />, 'zh');
    expect(screen.getByText('河畔長者服務')).toBeTruthy();
    expect(screen.getByRole('link', { name: '(510) 555-0199' })).toBeTruthy();
    expect(screen.getByText('（Lunes a viernes, 9–4）')).toBeTruthy();
  });
});

describe('InlineList (docs/product.md R119)', () => {
  it('is a list of its items; the bars between them are drawn by CSS, not in the text', () => {
    render(<InlineList items={['Seniors', 'Adults', 'Veterans']} />);
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Seniors', 'Adults', 'Veterans']);
    expect(list.textContent).not.toContain('|');
    expect(list.className).toBe('inline-list');
  });
});

describe('help pages (docs/product.md R114–R116)', () => {
  it('/contact gives the phone as a large Call link, when it is answered, and the e-mail', async () => {
    setAppData({ config: { agency: AGENCY } as never });
    await renderAt('/contact', <ContactScreen />, 'es');
    expect(screen.getByRole('heading', { level: 1, name: 'Contáctenos' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Llamar al (510) 555-0199' }).getAttribute('href')).toBe(
      'tel:+15105550199',
    );
    expect(screen.getByText(/De lunes a viernes, de 8 a\. m\. a 5 p\. m\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'help@riverside.example.org' }).getAttribute('href')).toBe(
      'mailto:help@riverside.example.org',
    );
    expect(
      screen.getByRole('heading', { level: 2, name: 'Informar de un problema con un comedor' }),
    ).toBeTruthy();
  });

  it('/accessibility states the WCAG 2.2 AA target and how to report a barrier', async () => {
    await renderAt('/accessibility', <AccessibilityScreen />, 'zh');
    expect(screen.getByRole('heading', { level: 1, name: '無障礙聲明' })).toBeTruthy();
    expect(screen.getByText(/WCAG）2\.2 AA/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '(417) 557-5000' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'meals@example.org' })).toBeTruthy();
  });

  it('/privacy says the “near” box is never stored and names the cookies', async () => {
    await renderAt('/privacy', <PrivacyScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeTruthy();
    expect(screen.getByText(/“near” box.*never stored or logged/)).toBeTruthy();
    expect(screen.getByText(/cookie named “i18next”/)).toBeTruthy();
    expect(screen.getByText(/session cookie/)).toBeTruthy();
  });
});
