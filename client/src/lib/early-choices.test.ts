// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepEarlyChoices, takeEarlyChoices, takeOverRenderedAddress } from './early-choices.ts';

/** The server's filters form as it writes it: a hidden language, a text box, a select with a mark. */
function serverForm(marked = '') {
  document.body.innerHTML = `
    <form method="get" action="/sites">
      <input type="hidden" name="lng" value="es">
      <input type="search" name="q" value="">
      <select name="population">
        <option value="">All</option>
        <option value="3" ${marked === '3' ? 'selected' : ''}>Seniors</option>
        <option value="4" ${marked === '4' ? 'selected' : ''}>Adults</option>
      </select>
      <select name="open"><option value="">Any time</option><option value="now">Open now</option></select>
    </form>`;
  return {
    q: document.querySelector<HTMLInputElement>('[name=q]')!,
    population: document.querySelector<HTMLSelectElement>('[name=population]')!,
    open: document.querySelector<HTMLSelectElement>('[name=open]')!,
  };
}

afterEach(() => {
  takeEarlyChoices('/sites');
  document.body.innerHTML = '';
});

describe('choices made before the app runs (docs/product.md R139)', () => {
  it('keeps nothing when the visitor changed nothing', () => {
    serverForm('3');
    keepEarlyChoices(document.body, { pathname: '/sites', search: '?population=3' });
    expect(takeEarlyChoices('/sites')).toBeUndefined();
  });

  it('keeps a chosen option and typed text, drops blanks and keeps the address’s other parameters', () => {
    const form = serverForm();
    form.population.value = '4';
    form.q.value = 'mission café';
    keepEarlyChoices(document.body, { pathname: '/sites', search: '?lng=zh&near=94110' });
    const early = takeEarlyChoices('/sites');
    expect(early?.pathname).toBe('/sites');
    const params = new URLSearchParams(early?.search);
    // The form's own fields come from the form: `near` is not one of them here, `lng` is hidden.
    expect(Object.fromEntries(params)).toEqual({
      lng: 'zh',
      near: '94110',
      q: 'mission café',
      population: '4',
    });
    // Taken once.
    expect(takeEarlyChoices('/sites')).toBeUndefined();
  });

  it('keeps a choice cleared back to "All" (the address loses that filter)', () => {
    const form = serverForm('3');
    form.population.value = '';
    keepEarlyChoices(document.body, { pathname: '/sites', search: '?lng=zh&population=3' });
    expect(takeEarlyChoices('/sites')?.search).toBe('?lng=zh');
  });

  it('leaves alone a form that leads to another page (the home page’s near box)', () => {
    serverForm().open.value = 'now';
    keepEarlyChoices(document.body, { pathname: '/', search: '' });
    expect(takeEarlyChoices('/sites')).toBeUndefined();
  });

  it('is only for the screen the form goes to', () => {
    serverForm().open.value = 'now';
    keepEarlyChoices(document.body, { pathname: '/sites', search: '' });
    expect(takeEarlyChoices('/')).toBeUndefined();
    expect(takeEarlyChoices('/sites')?.search).toBe('?open=now');
  });
});

describe('choices made while the app takes the page over', () => {
  /** A fresh module: the look happens once per page load. */
  async function freshModule() {
    vi.resetModules();
    return import('./early-choices.ts');
  }

  it('are applied when the screen first runs, once, and not when the app already followed them', async () => {
    const { takeChoicesMadeWhileStarting } = await freshModule();
    serverForm('3').open.value = 'now';
    expect(
      takeChoicesMadeWhileStarting(document.body, { pathname: '/sites', search: '?population=3' }),
    ).toEqual({
      pathname: '/sites',
      search: '?population=3&open=now',
    });
    // Only the first screen of a page load reads the server's page.
    expect(
      takeChoicesMadeWhileStarting(document.body, { pathname: '/sites', search: '?population=3' }),
    ).toBeUndefined();

    const again = await freshModule();
    serverForm('3').open.value = 'now';
    expect(
      again.takeChoicesMadeWhileStarting(document.body, {
        pathname: '/sites',
        search: '?open=now&population=3',
      }),
    ).toBeUndefined();
  });

  it('finds nothing when the visitor changed nothing', async () => {
    const { takeChoicesMadeWhileStarting } = await freshModule();
    serverForm('3');
    expect(
      takeChoicesMadeWhileStarting(document.body, { pathname: '/sites', search: '?population=3' }),
    ).toBeUndefined();
  });
});

describe('the address the server rendered the page for (docs/decisions/031)', () => {
  const history = () => {
    const calls: string[] = [];
    return {
      calls,
      state: { idx: 0 },
      replaceState: (_state: unknown, _title: string, url: string) => calls.push(url),
    };
  };

  it('does nothing when the page was rendered for the address’s choices', () => {
    const h = history();
    takeOverRenderedAddress(
      '/sites?lng=es&q=cafe',
      { pathname: '/sites', search: '?q=cafe&utm=1&lng=es', hash: '' },
      h,
    );
    expect(h.calls).toEqual([]);
    expect(takeEarlyChoices('/sites')).toBeUndefined();
  });

  it('takes the plain list over at /sites, then applies the address’s choices in place of that entry', () => {
    const h = history();
    takeOverRenderedAddress(
      '/sites',
      { pathname: '/sites', search: '?lng=es&near=94110&open=now', hash: '#x' },
      h,
    );
    expect(h.calls).toEqual(['/sites#x']);
    expect(takeEarlyChoices('/sites')).toEqual({
      pathname: '/sites',
      search: '?lng=es&near=94110&open=now',
      replace: true,
    });
  });

  it('a near text written as its place’s name: the page stays at the rendered address', () => {
    const h = history();
    takeOverRenderedAddress(
      '/sites?near=Chinatown',
      { pathname: '/sites', search: '?near=CHINATOWN', hash: '' },
      h,
    );
    expect(h.calls).toEqual(['/sites?near=Chinatown']);
    expect(takeEarlyChoices('/sites')).toBeUndefined();
  });

  it('a choice the visitor made on the plain page wins over the address’s', () => {
    const form = serverForm();
    form.population.value = '4';
    keepEarlyChoices(document.body, { pathname: '/sites', search: '?q=soup' });
    takeOverRenderedAddress('/sites', { pathname: '/sites', search: '?q=soup', hash: '' }, history());
    expect(takeEarlyChoices('/sites')?.replace).toBeUndefined();
  });
});
