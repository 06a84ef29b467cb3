import { useId } from 'react';

export interface ChoiceGroupProps {
  legend: string;
  /** The field's path in the body ('facts.walkIns'): the error summary finds the group by it. */
  name: string;
  value: string;
  /** Each choice's value ('' = not known) and its words. */
  choices: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
}

/** One answer of a few, as radio buttons; "Not known" is a choice of its own (docs/product.md R535). */
export function ChoiceGroup({ legend, name, value, choices, onChange, error, hint }: ChoiceGroupProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset
      className="field choice-group"
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {choices.map((choice, index) => (
        <label key={choice.value} className="choice">
          <input
            type="radio"
            name={name}
            id={index === 0 ? name : undefined}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />{' '}
          {choice.label}
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
