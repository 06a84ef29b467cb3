import { type InputHTMLAttributes, useEffect, useId, useRef, useState } from 'react';
import './error-summary.css';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  /** The toggle's name, e.g. "Show password"; its pressed state says whether the password shows. */
  showLabel: string;
  error?: string;
  hint?: string;
}

/**
 * A password box with a "Show password" toggle (docs/product.md R216): a real button with
 * aria-pressed. The caret and selection stay where they were; a mouse press keeps focus in the box.
 * The box turns back into a password box when its form is sent, so password managers still see a
 * password field to save.
 */
export function PasswordField({ label, showLabel, error, hint, className, ...input }: PasswordFieldProps) {
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState(false);
  const selection = useRef<[number | null, number | null] | null>(null);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  useEffect(() => {
    const form = box.current?.form;
    if (!form) return;
    const hide = () => setShown(false);
    form.addEventListener('submit', hide, true);
    return () => form.removeEventListener('submit', hide, true);
  }, []);

  // Changing the type may reset the caret in some browsers: put it back where it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the type changes
  useEffect(() => {
    const element = box.current;
    const range = selection.current;
    selection.current = null;
    if (!element || !range || range[0] === null) return;
    try {
      element.setSelectionRange(range[0], range[1]);
    } catch {
      // not a text box any more: nothing to keep
    }
  }, [shown]);

  const toggle = () => {
    const element = box.current;
    if (element) selection.current = [element.selectionStart, element.selectionEnd];
    setShown((value) => !value);
  };

  return (
    <div className={['field', 'password-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <div className="password-field__row">
        <input
          ref={box}
          id={id}
          type={shown ? 'text' : 'password'}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        <button
          type="button"
          className="button button--secondary password-field__toggle"
          aria-pressed={shown}
          aria-controls={id}
          onMouseDown={(event) => event.preventDefault()}
          onClick={toggle}
        >
          {showLabel}
        </button>
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
