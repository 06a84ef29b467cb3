import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConflictChange, ConflictChoice } from './conflict.ts';

interface ConflictMergeProps {
  changes: readonly ConflictChange[];
  choices: Record<string, ConflictChoice>;
  onChoose: (key: string, choice: ConflictChoice) => void;
}

/**
 * After a 409 the clerk's input stays in the form; this panel says, field by field, what the other
 * person changed ("Phone number: they changed (415) 555-0100 → (415) 555-0199") and lets the clerk take
 * theirs or keep their own before saving again against the new version (docs/product.md R211). Its
 * heading takes focus, so the news is read first.
 */
export function ConflictMerge({ changes, choices, onChoose }: ConflictMergeProps) {
  const { t } = useTranslation('admin');
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const id = useId();
  useEffect(() => heading.current?.focus(), []);
  const shown = (text: string) => text || t('conflict.empty');
  return (
    <section className="alert alert--error conflict-merge" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('conflict.title')}
      </h2>
      <p>{changes.length ? t('conflict.mergeIntro') : t('conflict.noFieldChanges')}</p>
      {changes.map((change, index) => (
        <fieldset key={change.key} className="conflict-merge__field">
          <legend>
            {t('conflict.changed', {
              field: change.label,
              before: shown(change.before),
              after: shown(change.theirs),
            })}
          </legend>
          <p className="conflict-merge__choice">
            <input
              type="radio"
              id={`${id}-${index}-theirs`}
              name={`${id}-${index}`}
              checked={choices[change.key] === 'theirs'}
              onChange={() => onChoose(change.key, 'theirs')}
            />
            <label htmlFor={`${id}-${index}-theirs`}>
              {t('conflict.takeTheirs', { value: shown(change.theirs) })}
            </label>
          </p>
          <p className="conflict-merge__choice">
            <input
              type="radio"
              id={`${id}-${index}-mine`}
              name={`${id}-${index}`}
              checked={choices[change.key] === 'mine'}
              onChange={() => onChoose(change.key, 'mine')}
            />
            <label htmlFor={`${id}-${index}-mine`}>
              {t('conflict.keepMine', { value: shown(change.mine) })}
            </label>
          </p>
        </fieldset>
      ))}
      <p>{t('conflict.saveAgain')}</p>
    </section>
  );
}
