import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SiteFilters } from '#shared/filters.ts';
import { useChainedFilters } from './use-filter-controls.ts';

/** The hook as SitesScreen uses it: `committed` is what the address says now. */
function setup(first: SiteFilters) {
  const apply = vi.fn();
  const hook = renderHook(({ committed }) => useChainedFilters(committed, apply), {
    initialProps: { committed: first },
  });
  return { apply, hook, last: () => apply.mock.calls.at(-1)?.[0] as SiteFilters };
}

describe('useChainedFilters', () => {
  it('keeps every quick change of several controls made before the address catches up', () => {
    const { apply, hook, last } = setup({ population: 24 });
    // Each control builds its change on the filters as drawn, which have not moved yet.
    hook.result.current({ population: 24, walkins: true });
    expect(last()).toEqual({ population: 24, walkins: true });
    hook.result.current({ population: 24, stepfree: true });
    expect(last()).toEqual({ population: 24, walkins: true, stepfree: true });
    // The first change arrives in the address while the second is still on its way.
    hook.rerender({ committed: { population: 24, walkins: true } });
    hook.result.current({ population: 24, walkins: true, speaks: 'yue' }, { replace: false });
    expect(last()).toEqual({ population: 24, walkins: true, stepfree: true, speaks: 'yue' });
    expect(apply).toHaveBeenLastCalledWith(expect.anything(), { replace: false });
  });

  it('takes a cleared choice as cleared', () => {
    const { hook, last } = setup({ population: 24, walkins: true });
    hook.result.current({ walkins: true });
    expect(last()).toEqual({ walkins: true });
  });

  it('starts again from the address when it changes to a state nobody asked for (Back, a link)', () => {
    const { hook, last } = setup({ population: 24 });
    hook.result.current({ population: 24, walkins: true });
    hook.rerender({ committed: {} });
    hook.result.current({ stepfree: true });
    expect(last()).toEqual({ stepfree: true });
  });

  it('after the address has caught up with every change, builds on it', () => {
    const { hook, last } = setup({});
    hook.result.current({ walkins: true });
    hook.rerender({ committed: { walkins: true } });
    hook.result.current({ walkins: true, open: 'now' });
    expect(last()).toEqual({ walkins: true, open: 'now' });
  });
});
