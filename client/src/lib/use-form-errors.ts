import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';
import { ApiError } from './api.ts';
import { fieldErrorMap } from './field-errors.ts';

// The words of validation errors come with the (lazily loaded) forms that show them.
addNamespace('validation');

/**
 * The error state every form shares: per-field messages from a 422 and one general message.
 * `capture` turns any failure into that state; other failures get the generic text and are logged.
 */
export function useFormErrors() {
  const { t } = useTranslation();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string>('');

  const clear = useCallback(() => {
    setFields({});
    setGeneral('');
  }, []);

  const capture = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 422 && error.errors.length) {
        setFields(fieldErrorMap(error.errors, t));
        setGeneral(t('validation:formProblems'));
        return error;
      }
      if (error instanceof ApiError && error.status === 409) {
        setGeneral(t('validation:conflict'));
        return error;
      }
      console.error(error);
      setGeneral(t('common:errors.generic'));
      return error;
    },
    [t],
  );

  return { fields, general, clear, capture, setGeneral, setFields };
}
