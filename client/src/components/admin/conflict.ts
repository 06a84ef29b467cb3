/**
 * The field-by-field comparison after a version conflict (docs/product.md R211): what the other person
 * changed (the version the form was loaded with → the one saved since), what the clerk has now, and
 * which one the clerk keeps. Pure, so each form describes its own fields.
 */
export interface ConflictFieldSpec<V> {
  key: string;
  label: string;
  /** The field's value in a form's values, compared as JSON. */
  get: (values: V) => unknown;
  /** The field as the clerk reads it; '' is shown as "(empty)". */
  show: (values: V) => string;
  /** A copy of `target` with this field taken from `source`. */
  take: (target: V, source: V) => V;
}

export interface ConflictChange {
  key: string;
  label: string;
  before: string;
  theirs: string;
  mine: string;
  /** The clerk changed this field too (so "keep mine" is the default). */
  mineEdited: boolean;
}

export type ConflictChoice = 'theirs' | 'mine';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields the other person changed, in the form's order. */
export function conflictChanges<V>(
  specs: readonly ConflictFieldSpec<V>[],
  base: V,
  theirs: V,
  mine: V,
): ConflictChange[] {
  return specs
    .filter((spec) => !same(spec.get(base), spec.get(theirs)))
    .map((spec) => ({
      key: spec.key,
      label: spec.label,
      before: spec.show(base),
      theirs: spec.show(theirs),
      mine: spec.show(mine),
      mineEdited: !same(spec.get(base), spec.get(mine)),
    }));
}

/** Where the clerk did not touch a field, theirs; where both changed it, the clerk's own. */
export function defaultChoices(changes: readonly ConflictChange[]): Record<string, ConflictChoice> {
  return Object.fromEntries(changes.map((change) => [change.key, change.mineEdited ? 'mine' : 'theirs']));
}

/** The values to save: the clerk's, with each field chosen as 'theirs' taken from the other version. */
export function mergeValues<V>(
  specs: readonly ConflictFieldSpec<V>[],
  mine: V,
  theirs: V,
  choices: Record<string, ConflictChoice>,
): V {
  return specs.reduce(
    (merged, spec) => (choices[spec.key] === 'theirs' ? spec.take(merged, theirs) : merged),
    mine,
  );
}
