import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_REASONS, type ReportReason } from '../model/reports.ts';

/**
 * The reasons a visitor can tick (docs/product.md R192), one checkbox each, in a fieldset whose legend,
 * hint and error are read with it. `firstRef` takes the first box, to move focus there on an error.
 */
export function ReasonChecklist({
  legend,
  hint,
  error,
  chosen,
  onChange,
  firstRef,
}: {
  legend: string;
  hint?: string;
  error?: string | undefined;
  chosen: readonly ReportReason[];
  onChange: (reasons: ReportReason[]) => void;
  firstRef?: React.Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('reports');
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset className="report-reasons" aria-describedby={describedBy || undefined}>
      <legend>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      <ul className="report-reasons__list">
        {REPORT_REASONS.map((reason, index) => (
          <li key={reason}>
            <label className="report-reasons__choice">
              <input
                ref={index === 0 ? firstRef : undefined}
                type="checkbox"
                name="reasons"
                value={reason}
                checked={chosen.includes(reason)}
                aria-invalid={error ? true : undefined}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? REPORT_REASONS.filter((r) => r === reason || chosen.includes(r))
                      : chosen.filter((r) => r !== reason),
                  )
                }
              />
              <span>{t(`reasons.${reason}`)}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
