import { act, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useRef } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { RecordState } from '../admin/record-state.tsx';
import { useRouteFocusAndTitle } from './route-focus.tsx';

function Main({ children }: { children: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  useRouteFocusAndTitle(main);
  return <main ref={main}>{children}</main>;
}

async function renderScreen(screen: ReactNode, language = 'en') {
  const i18n = await createTestI18n(language);
  const view = (content: ReactNode) => (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <Main>{content}</Main>
      </MemoryRouter>
    </I18nextProvider>
  );
  const result = render(view(screen));
  return { i18n, rerender: (content: ReactNode) => result.rerender(view(content)) };
}

describe('the tab title', () => {
  it('is the screen’s h1 and the app’s name, and follows the h1', async () => {
    const { rerender } = await renderScreen(<h1>Locations</h1>);
    expect(document.title).toBe('Locations – Community Meal Sites');
    rerender(<h1>Mission Lunch Club</h1>);
    await waitFor(() => expect(document.title).toBe('Mission Lunch Club – Community Meal Sites'));
  });

  it('is the app’s name alone on a screen whose h1 is the app’s name', async () => {
    await renderScreen(<h1>Community Meal Sites</h1>);
    expect(document.title).toBe('Community Meal Sites');
  });

  it('names an admin screen by its h1 too, in the visitor’s language', async () => {
    const { i18n } = await renderScreen(
      <RecordState title="Editar sitio" error={null} onRetry={() => {}} />,
      'es',
    );
    await act(async () => {});
    expect(document.title).toBe(`Editar sitio – ${i18n.t('common:appName')}`);
    expect(document.head.querySelectorAll('title').length).toBeLessThanOrEqual(1);
  });
});

describe('focus after moving to another page', () => {
  function Moves({ children }: { children: ReactNode }) {
    const navigate = useNavigate();
    return (
      <>
        <button type="button" onClick={() => navigate('/next')}>
          Go
        </button>
        <button type="button" onClick={() => navigate('/next?filter=1')}>
          Filter
        </button>
        {children}
      </>
    );
  }

  async function renderMoving(content: ReactNode) {
    const i18n = await createTestI18n('en');
    const view = (inner: ReactNode) => (
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/']}>
          <Main>
            <Moves>{inner}</Moves>
          </Main>
        </MemoryRouter>
      </I18nextProvider>
    );
    const result = render(view(content));
    return (inner: ReactNode) => result.rerender(view(inner));
  }

  it('goes to the new page’s h1, not to the page as a whole', async () => {
    await renderMoving(<h1>Locations</h1>);
    await act(async () => screen.getByRole('button', { name: 'Go' }).click());
    const heading = screen.getByRole('heading', { level: 1, name: 'Locations' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('waits for an h1 that arrives later, then focuses it', async () => {
    const rerender = await renderMoving(<p>Loading…</p>);
    await act(async () => screen.getByRole('button', { name: 'Go' }).click());
    expect(document.activeElement?.tagName).toBe('MAIN');
    rerender(<h1>Sign in</h1>);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sign in' })),
    );
  });

  it('leaves focus where the visitor put it when the h1 arrives after they moved on', async () => {
    const rerender = await renderMoving(<p>Loading…</p>);
    const go = screen.getByRole('button', { name: 'Go' });
    await act(async () => go.click());
    go.focus();
    rerender(<h1>Sign in</h1>);
    await act(async () => {});
    expect(document.activeElement).toBe(go);
  });
});
