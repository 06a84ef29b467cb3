import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { createRoutesFromChildren, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { REFERENCE_LIST_NAMES, REFERENCE_LISTS } from '#shared/reference-lists.ts';
import { AppRoutes } from './router.tsx';

/** The route table of the app, as React Router reads the <Routes> that AppRoutes renders. */
const routes = createRoutesFromChildren(
  (AppRoutes() as ReactElement<{ children: ReactNode }>).props.children,
);

/** The screen element a path renders; the catch-all (not found) route gives undefined. */
function screenAt(path: string) {
  const leaf = matchRoutes(routes, path)?.at(-1)?.route;
  return leaf?.path === '*' ? undefined : leaf?.element;
}

/** Finds the `list` prop given to the editor screen inside the admin guard. */
function listOf(element: ReactNode): unknown {
  if (!isValidElement<{ list?: unknown; children?: ReactNode }>(element)) return undefined;
  return element.props.list ?? listOf(element.props.children);
}

describe.each(REFERENCE_LIST_NAMES)('the admin routes of %s', (list) => {
  const segment = REFERENCE_LISTS[list].adminSegment;

  it.each([`/${segment}/new`, `/${segment}/12/edit`])('%s opens the editor of this list', (path) => {
    expect(listOf(screenAt(path))).toBe(list);
  });
});
