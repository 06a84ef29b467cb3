import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '#client/testing/i18n.ts';
import { QueryState } from './query-state.tsx';

/** A list screen's three states (QueryState): loading, the failure with "Try again", the answer. */
describe('QueryState', () => {
  async function draw(query: { data: string[] | undefined; error: unknown; refetch: () => unknown }) {
    const i18n = await createTestI18n('en');
    render(
      <I18nextProvider i18n={i18n}>
        <QueryState query={query} failed="The accounts could not be loaded.">
          {(names) => <p>{`Loaded ${names.length}: ${names.join(', ')}`.trim()}</p>}
        </QueryState>
      </I18nextProvider>,
    );
    return i18n;
  }

  it('says it is loading until the answer comes', async () => {
    const i18n = await draw({ data: undefined, error: null, refetch: () => {} });
    expect(screen.getByText(i18n.t('common:loading'))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says what failed in an alert, and "Try again" asks again', async () => {
    const refetch = vi.fn();
    const i18n = await draw({ data: undefined, error: new Error('offline'), refetch });
    expect(screen.getByRole('alert').textContent).toContain('The accounts could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: i18n.t('common:errors.retry') }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the answer', async () => {
    await draw({ data: ['Ana', 'Bo'], error: null, refetch: () => {} });
    expect(screen.getByText('Loaded 2: Ana, Bo')).toBeTruthy();
  });

  it('shows an empty answer as an answer, not as loading', async () => {
    const i18n = await draw({ data: [], error: null, refetch: () => {} });
    expect(screen.getByText('Loaded 0:')).toBeTruthy();
    expect(screen.queryByText(i18n.t('common:loading'))).toBeNull();
  });
});
