import { type RefObject, useEffect, useId, useRef } from 'react';
import './error-summary.css';

export interface SummaryError {
  /** The field's key: the `name` of its input, or a `data-field` on the element that shows it. */
  field: string;
  /** The message, naming the field ("Enter the site's address"). */
  text: string;
}

interface ErrorSummaryProps {
  title: string;
  errors: readonly SummaryError[];
  /** Where the fields are; the links look for them there. */
  form: RefObject<HTMLElement | null>;
  /** Changes on every failed attempt, so a second failure takes focus again. */
  attempt: number;
}

/** The element that shows a field: its named input, or an element marked with `data-field`. */
export function fieldElement(container: HTMLElement | null, field: string): HTMLElement | null {
  if (!container) return null;
  const escaped = CSS.escape(field);
  const top = field.split('.')[0] ?? field;
  return (
    container.querySelector<HTMLElement>(`[name="${escaped}"]`) ??
    container.querySelector<HTMLElement>(`[data-field="${escaped}"]`) ??
    container.querySelector<HTMLElement>(`[data-field="${CSS.escape(top)}"]`) ??
    container.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')
  );
}

/**
 * The errors of a form, listed at its top (docs/product.md R214): a region whose heading takes focus
 * when the form fails, so a screen reader reads the title and a keyboard user starts there; each error
 * is a link that moves focus to its field. Nothing is rendered while there is no error.
 */
export function ErrorSummary({ title, errors, form, attempt }: ErrorSummaryProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const count = errors.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again on each failed attempt
  useEffect(() => {
    if (count > 0) heading.current?.focus();
  }, [attempt, count]);
  if (count === 0) return null;
  return (
    <section className="error-summary" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="error-summary__title">
        {title}
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={error.field}>
            <a
              href={`#${error.field}`}
              onClick={(event) => {
                event.preventDefault();
                const target = fieldElement(form.current, error.field);
                if (!target) return;
                target.scrollIntoView?.({ block: 'center' });
                target.focus();
              }}
            >
              {error.text}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
