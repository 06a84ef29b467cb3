import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SummaryError } from '#client/components/ui/error-summary.tsx';
import { ApiError } from '#client/lib/api.ts';
import { namedFieldErrors, summaryErrors } from '#client/lib/named-errors.ts';
import { useFormErrors } from '#client/lib/use-form-errors.ts';

export interface SaveErrorOptions {
  /** Each field's label, to name it in the summary ("Phone number: must be exactly 10 digits."). */
  labels: Record<string, string>;
  /** Messages for an empty required field that name it ("Enter the site's address"). */
  required?: Record<string, string>;
}

/**
 * The failure state of an admin form (docs/product.md R54: a failure never navigates, and the
 * admin sees why). Per-field errors and a general message come from useFormErrors, named per field for
 * the error summary (R214); a 409 is kept whole in `conflict` (a version conflict or a possible
 * duplicate: the form reads its `code`); a 404 says the record is gone. `attempt` counts failures, so
 * the summary takes focus again after each one.
 */
export function useSaveErrors(options: SaveErrorOptions) {
  const errors = useFormErrors();
  const { t } = useTranslation('admin');
  const [conflict, setConflict] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { clear: clearErrors, capture, setGeneral, setFields, fields, general } = errors;
  const { labels, required } = options;

  const clear = useCallback(() => {
    clearErrors();
    setConflict(null);
  }, [clearErrors]);

  const fail = useCallback(
    (error: unknown) => {
      setAttempt((count) => count + 1);
      if (error instanceof ApiError && error.status === 409) setConflict(error);
      else if (error instanceof ApiError && error.status === 404) setGeneral(t('gone'));
      else {
        capture(error);
        if (error instanceof ApiError && error.status === 422 && required) {
          setFields((current) => namedFieldErrors(current, error.errors, required));
        }
      }
    },
    [capture, setGeneral, setFields, required, t],
  );

  const summary: SummaryError[] = useMemo(
    () => summaryErrors(fields, labels, required, (label, message) => t('summary.item', { label, message })),
    [fields, labels, required, t],
  );

  return { fields, general, setGeneral, setFields, conflict, setConflict, attempt, summary, clear, fail };
}
