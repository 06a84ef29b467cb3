import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agencyTimeZone } from '#client/lib/agency-clock.ts';
import { ApiError } from '#client/lib/api.ts';
import { formatInstant } from '#shared/format-hours.ts';
import {
  CONFIRMATION_METHODS,
  type ConfirmationMethod,
  useConfirmSite,
  useRequestConfirmation,
} from '../api/site.ts';

type Outcome = { kind: 'status' | 'alert'; text: string } | null;

/**
 * Two small actions beside Save on an existing site (docs/product.md R217): "Confirm (no changes)"
 * records that a clerk checked the stored details (how: phone, email, visit, other), and "Send
 * confirmation request" e-mails the site's contact a link to confirm them. Each says what happened.
 */
export function ConfirmActions({
  siteId,
  onConfirmed,
}: {
  siteId: number;
  onConfirmed?: (at: string) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const [method, setMethod] = useState<ConfirmationMethod>('phone');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const confirm = useConfirmSite(siteId);
  const request = useRequestConfirmation(siteId);

  const failure = (error: unknown): string => {
    if (
      error instanceof ApiError &&
      error.status === 422 &&
      error.errors.some((e) => (e.code as string) === 'no_email')
    )
      return t('confirm.noEmail');
    if (error instanceof ApiError && error.status === 429) return t('confirm.tooMany');
    if (error instanceof ApiError && error.status === 404) return t('gone');
    console.error(error);
    return t('common:errors.generic');
  };

  const onConfirm = () => {
    if (confirm.isPending) return;
    setOutcome(null);
    confirm.mutate(method, {
      onSuccess: (site) => {
        const at = (site as { confirmedAt?: string | null }).confirmedAt ?? new Date().toISOString();
        const date = formatInstant(at, i18n.resolvedLanguage ?? i18n.language, agencyTimeZone(), {
          length: 'long',
          withTime: false,
        });
        setOutcome({ kind: 'status', text: t('confirm.confirmed', { date }) });
        onConfirmed?.(at);
      },
      onError: (error) => setOutcome({ kind: 'alert', text: failure(error) }),
    });
  };

  const onRequest = () => {
    if (request.isPending) return;
    setOutcome(null);
    request.mutate(undefined, {
      onSuccess: ({ sentTo }) => setOutcome({ kind: 'status', text: t('confirm.sent', { email: sentTo }) }),
      onError: (error) => setOutcome({ kind: 'alert', text: failure(error) }),
    });
  };

  return (
    <div className="confirm-actions">
      <div className="confirm-actions__row">
        <div className="field confirm-actions__method">
          <label htmlFor={`${id}-method`}>{t('confirm.methodLabel')}</label>
          <select
            id={`${id}-method`}
            value={method}
            onChange={(event) => setMethod(event.target.value as ConfirmationMethod)}
          >
            {CONFIRMATION_METHODS.map((value) => (
              <option key={value} value={value}>
                {t(`confirm.method.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--secondary"
          onClick={onConfirm}
          aria-disabled={confirm.isPending}
        >
          {t('confirm.confirm')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={onRequest}
          aria-disabled={request.isPending}
        >
          {t('confirm.request')}
        </button>
      </div>
      <p role="status" className="confirm-actions__outcome">
        {outcome?.kind === 'status' ? outcome.text : null}
      </p>
      {outcome?.kind === 'alert' && (
        <p role="alert" className="confirm-actions__outcome field-error">
          {outcome.text}
        </p>
      )}
    </div>
  );
}
