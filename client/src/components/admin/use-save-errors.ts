import { type RefObject, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#client/lib/api.ts';
import { useFormErrors } from '#client/lib/use-form-errors.ts';

/**
 * The failure state of an admin form (docs/product.md R54: a failure never navigates, and the
 * admin sees why). Per-field errors and a general message come from useFormErrors; a 409 becomes
 * `conflict` (the form offers 'Reload'); a 404 says the record is gone.
 */
export function useSaveErrors(form: RefObject<HTMLFormElement | null>) {
  const errors = useFormErrors();
  const { t } = useTranslation('admin');
  const [conflict, setConflict] = useState(false);
  const { clear: clearErrors, capture, setGeneral, fields } = errors;

  const clear = useCallback(() => {
    clearErrors();
    setConflict(false);
  }, [clearErrors]);

  const fail = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 409) setConflict(true);
      else if (error instanceof ApiError && error.status === 404) setGeneral(t('gone'));
      else capture(error);
    },
    [capture, setGeneral, t],
  );

  // The general message is announced; focus goes to the first field that needs attention.
  useEffect(() => {
    if (!Object.keys(fields).length) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')?.focus();
  }, [fields, form]);

  return { ...errors, conflict, clear, fail };
}
