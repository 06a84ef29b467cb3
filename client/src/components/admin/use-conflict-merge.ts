import { type Dispatch, type SetStateAction, useState } from 'react';
import {
  type ConflictChange,
  type ConflictChoice,
  type ConflictFieldSpec,
  conflictChanges,
  defaultChoices,
  mergeValues,
} from './conflict.ts';

export interface Merge<V> {
  theirs: V;
  mine: V;
  changes: ConflictChange[];
  choices: Record<string, ConflictChoice>;
}

/**
 * A staff form's base version and the merge after a version conflict (docs/product.md R211): `base`
 * is what the form was loaded with, or the version saved since; `resolve` compares the record as it is
 * now with the base and the clerk's values and starts the merge; `choose` takes one field from theirs or
 * mine (both given the form's field specs). One implementation for the site form and the list item form.
 */
export function useConflictMerge<V>(
  loaded: () => { version: number | undefined; values: V },
  setValues: Dispatch<SetStateAction<V>>,
) {
  const [base, setBase] = useState(loaded);
  const [merge, setMerge] = useState<Merge<V> | null>(null);

  function resolve(
    specs: readonly ConflictFieldSpec<V>[],
    current: { version?: number | undefined },
    theirs: V,
    mine: V,
  ) {
    const changes = conflictChanges(specs, base.values, theirs, mine);
    const choices = defaultChoices(changes);
    setMerge({ theirs, mine, changes, choices });
    setValues(mergeValues(specs, mine, theirs, choices));
    setBase({ version: current.version, values: theirs });
  }

  function choose(specs: readonly ConflictFieldSpec<V>[], key: string, choice: ConflictChoice) {
    const spec = specs.find((s) => s.key === key);
    if (!merge || !spec) return;
    setMerge({ ...merge, choices: { ...merge.choices, [key]: choice } });
    setValues((current) => spec.take(current, choice === 'theirs' ? merge.theirs : merge.mine));
  }

  return { base, setBase, merge, clearMerge: () => setMerge(null), resolve, choose };
}
