// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { keepEarlyChoices, takeEarlyChoices } from './early-choices.ts';

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
