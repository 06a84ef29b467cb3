import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { CoordinatesField } from './coordinates-field.tsx';

// The pin map's chunk cannot be fetched (the network is down, or the site was just updated).
vi.mock('./pin-map.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module: /assets/pin-map.js');
});

afterEach(() => vi.restoreAllMocks());

describe('CoordinatesField when the map code cannot load', () => {
  it('retries the chunk as every lazy chunk is retried, then keeps the boxes usable', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const i18n = await createTestI18n('en');
    render(
      <I18nextProvider i18n={i18n}>
        <CoordinatesField lat="" lng="" onChange={() => {}} fieldErrors={{}} />
      </I18nextProvider>,
    );
    expect(await screen.findByText(i18n.t('admin:site.mapFailed'))).toBeTruthy();
    expect(screen.getByRole('textbox', { name: i18n.t('admin:site.lat') })).toBeTruthy();
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      'Loading chunk pin-map failed (attempt 1); retrying.',
      'Loading chunk pin-map failed (attempt 2); retrying.',
      'Loading chunk pin-map failed (attempt 3); retrying.',
    ]);
    expect(error.mock.calls.some(([e]) => String(e).includes('Loading chunk pin-map failed.'))).toBe(true);
  });
});
