import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '#client/components/ui/text-field.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';
import { ApiError } from '#client/lib/api.ts';
import { useFormErrors } from '#client/lib/use-form-errors.ts';
import { sendReport } from '../api/reports.ts';
import { CONTACT_MAX, MESSAGE_MAX, type ReportReason, reportBody } from '../model/reports.ts';
import { MessageField } from './message-field.tsx';
import { ReasonChecklist } from './reason-checklist.tsx';
import '../reports.css';

// Its words come with this chunk, not in the public first bundle (i18n/lazy-namespaces.ts).
addNamespace('reports');

/**
 * "Report a problem" (docs/product.md R192, R193): what is wrong (one or more reasons), an optional
 * message and an optional phone or email for an answer, and a field hidden from people that only
 * robots fill in. Sent to POST /api/reports; the thanks that replaces the form takes focus. With a
 * `siteId` the report is about that site (the site page); without, it is a general one (/contact).
 */
export function ReportForm({ siteId, labelledBy }: { siteId?: number; labelledBy?: string }) {
  const { t } = useTranslation('reports');
  const [reasons, setReasons] = useState<ReportReason[]>([]);
  const [message, setMessage] = useState('');
  const [contact, setContact] = useState('');
  const [website, setWebsite] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const errors = useFormErrors();
  const firstReason = useRef<HTMLInputElement>(null);
  const messageBox = useRef<HTMLTextAreaElement>(null);
  const thanks = useRef<HTMLDivElement>(null);
  const generalRef = useRef<HTMLDivElement>(null);
  const honeypotId = useId();

  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);

  const reset = () => {
    setReasons([]);
    setMessage('');
    setContact('');
    setWebsite('');
    errors.clear();
    setSent(false);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (sending) return;
    errors.clear();
    if (reasons.length === 0) {
      errors.setFields({ reasons: t('errors.reasons') });
      errors.setGeneral(t('validation:formProblems'));
      firstReason.current?.focus();
      return;
    }
    setSending(true);
    try {
      await sendReport(reportBody({ siteId, reasons, message, contact, website }));
      setSent(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) errors.setGeneral(t('errors.tooMany'));
      else {
        errors.capture(error);
        if (error instanceof ApiError && error.status === 422) {
          const paths = new Set(error.errors.map((e) => e.path.split('.')[0]));
          if (paths.has('reasons')) firstReason.current?.focus();
          else if (paths.has('message')) messageBox.current?.focus();
        }
      }
      generalRef.current?.scrollIntoView?.({ block: 'nearest' });
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <div ref={thanks} tabIndex={-1} className="report-thanks alert alert--success">
        <p className="report-thanks__title">{t('form.thanksTitle')}</p>
        <p>{t('form.thanks')}</p>
        <p>
          <button type="button" className="button button--secondary" onClick={reset}>
            {t('form.another')}
          </button>
        </p>
      </div>
    );
  }

  const { fields } = errors;
  // A field the form has no box for (an unknown site) is said with the form's own message.
  const general = [errors.general, fields.siteId].filter(Boolean).join(' ');
  return (
    <form className="report-form" noValidate aria-labelledby={labelledBy} onSubmit={(e) => void submit(e)}>
      <p>{siteId === undefined ? t('form.introGeneral') : t('form.intro')}</p>
      <div ref={generalRef}>
        {general && (
          <div role="alert" className="alert alert--error">
            {general}
          </div>
        )}
      </div>
      <ReasonChecklist
        legend={t('form.reasonsLegend')}
        hint={t('form.reasonsHint')}
        error={fields.reasons}
        chosen={reasons}
        onChange={setReasons}
        firstRef={firstReason}
      />
      <MessageField
        label={t('form.message')}
        hint={t('form.messageHint')}
        error={fields.message}
        value={message}
        maxLength={MESSAGE_MAX}
        onChange={setMessage}
        textareaRef={messageBox}
      />
      <TextField
        label={t('form.contact')}
        hint={t('form.contactHint')}
        error={fields.contact}
        name="contact"
        autoComplete="email"
        maxLength={CONTACT_MAX}
        value={contact}
        onChange={(event) => setContact(event.target.value)}
      />
      {/* Only robots fill this in (docs/product.md R193): hidden from sight, from screen readers and from Tab. */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={honeypotId}>{t('form.honeypot')}</label>
        <input
          id={honeypotId}
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
      </div>
      <p>
        <button type="submit" className="button" aria-disabled={sending || undefined}>
          {sending ? t('form.sending') : t('form.send')}
        </button>
      </p>
    </form>
  );
}
