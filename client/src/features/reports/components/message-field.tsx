import { useId } from 'react';

/** A labelled textarea with a hint and an error read with it. */
export function MessageField({
  label,
  hint,
  error,
  value,
  maxLength,
  onChange,
  textareaRef,
}: {
  label: string;
  hint?: string;
  error?: string | undefined;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  textareaRef?: React.Ref<HTMLTextAreaElement>;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <textarea
        ref={textareaRef}
        id={id}
        name="message"
        rows={4}
        className="report-message"
        maxLength={maxLength}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
