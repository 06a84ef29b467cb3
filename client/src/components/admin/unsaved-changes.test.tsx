import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { useUnsavedChanges } from './unsaved-changes.tsx';

function Form() {
  const [name, setName] = useState('Bayview Senior Café');
  const [saved, setSaved] = useState('Bayview Senior Café');
  const guard = useUnsavedChanges(name !== saved);
  return (
    <>
      <h1>Edit</h1>
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <button type="button" onClick={() => setSaved(name)}>
        Save
      </button>
      <Link to="/elsewhere">Locations</Link>
      <a href="#name">Within the page</a>
      <Link to="/elsewhere" data-keeps-changes="">
        Keeps a draft
      </Link>
      {guard.dialog}
    </>
  );
}

async function renderForm(language = 'en') {
  render(
    <I18nextProvider i18n={await createTestI18n(language)}>
      <MemoryRouter initialEntries={['/form']}>
        <Routes>
          <Route path="/form" element={<Form />} />
          <Route path="/elsewhere" element={<h1>Elsewhere</h1>} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const type = (value: string) => fireEvent.change(screen.getByLabelText('Name'), { target: { value } });
const unload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('the unsaved-changes guard', () => {
  it('lets a link go when nothing changed, and the browser close the tab without asking', async () => {
    await renderForm();
    expect(unload()).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Locations' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Elsewhere' })).toBeTruthy();
  });

  it('asks before an in-app link leaves changed values; Stay keeps them, Leave goes', async () => {
    await renderForm();
    type('Bayview Café');
    fireEvent.click(screen.getByRole('link', { name: 'Locations' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog.textContent).toContain('If you leave, they will be lost.');
    // Focus starts on the safe choice.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Bayview Café');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Locations' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Elsewhere' })).toBeTruthy();
  });

  it('asks the browser to confirm a reload or closing the tab only while there are changes', async () => {
    await renderForm();
    type('Bayview Café');
    expect(unload()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(unload()).toBe(false);
    // After a save, links go without a question.
    fireEvent.click(screen.getByRole('link', { name: 'Locations' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Elsewhere' })).toBeTruthy();
  });

  it('never stops a link within the page, nor one that keeps the values itself', async () => {
    await renderForm();
    type('Bayview Café');
    fireEvent.click(screen.getByRole('link', { name: 'Within the page' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Keeps a draft' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Elsewhere' })).toBeTruthy();
  });

  it('takes Back before the router’s own listener while there are changes, and asks', async () => {
    window.history.replaceState({ idx: 3 }, '');
    // Like the router's, this listener is added before the form mounts.
    const router: unknown[] = [];
    const routerListener = (event: PopStateEvent) => router.push(event.state);
    window.addEventListener('popstate', routerListener);
    try {
      await renderForm();
      window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 4 } }));
      expect(router).toEqual([{ idx: 4 }]); // nothing changed: the router moves on
      type('Bayview Café');
      window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 2 } }));
      expect(router).toHaveLength(1);
      expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    } finally {
      window.removeEventListener('popstate', routerListener);
    }
  });

  it.each([
    ['es', '¿Salir sin guardar?', 'Quedarse en esta página'],
    ['zh', '不儲存就離開？', '留在這一頁'],
  ])('asks in %s', async (language, title, stay) => {
    await renderForm(language);
    type('Bayview Café');
    fireEvent.click(screen.getByRole('link', { name: 'Locations' }));
    expect(screen.getByRole('dialog', { name: title })).toBeTruthy();
    expect(screen.getByRole('button', { name: stay })).toBeTruthy();
  });
});
