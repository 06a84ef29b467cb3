import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';
import { agencyTimeZone } from '#client/lib/agency-clock.ts';
import { ApiError } from '#client/lib/api.ts';
import { formatInstant } from '#shared/format-hours.ts';
import type { Site } from '#shared/schemas/sites.ts';
import { answerConfirmation, type ConfirmationAnswer, useConfirmationLink } from '../api/confirmations.ts';
import { type LinkProblem, linkProblem, MESSAGE_MAX, type ReportReason } from '../model/reports.ts';
import { MessageField } from './message-field.tsx';
import { ReasonChecklist } from './reason-checklist.tsx';
import { SiteFacts } from './site-facts.tsx';
import '../reports.css';

// Its words come with this chunk, not in the public first bundle (i18n/lazy-namespaces.ts).
addNamespace('reports');

function ProblemState({ problem }: { problem: LinkProblem }) {
  const { t } = useTranslation('reports');
  return (
    <section>
      <h1>{t(`confirm.${problem}Title`)}</h1>
      <p>{t(`confirm.${problem}`)}</p>
    </section>
  );
}

/** The link's end, in the agency's words: a date in the page's language. */
function expiryDate(expiresAt: string, language: string | undefined) {
  const time = Date.parse(expiresAt);
  if (Number.isNaN(time)) return null;
  return formatInstant(time, language, agencyTimeZone(), { length: 'long', withTime: false });
}

/**
 * The corrections form the screen that composes this one gives (the site form's fields, another
 * feature): the site as the link shows it, and what to call once the corrections were kept.
 */
export type CorrectionsSlot = (context: { site: Site; onProposed: () => void }) => ReactNode;

/**
 * /confirm/{token}: the page a site's contact opens from the e-mail (docs/product.md R199). It shows
 * the site's public facts and asks: "All correct" records a confirmation; "Something changed" sends
 * what changed as a report; "Propose corrections" (when given `corrections`) sends the corrected hours,
 * contacts and facts for staff to review (R598a). The link works once; a used, expired or unknown link
 * says so.
 */
export function ConfirmScreen({ token, corrections }: { token: string; corrections?: CorrectionsSlot }) {
  const { t, i18n } = useTranslation('reports');
  const link = useConfirmationLink(token);
  const [changing, setChanging] = useState(false);
  const [proposing, setProposing] = useState(false);
  const [reasons, setReasons] = useState<ReportReason[]>([]);
  const [message, setMessage] = useState('');
  const [reasonsError, setReasonsError] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState<'correct' | 'changed' | 'proposed' | null>(null);
  const [spent, setSpent] = useState<LinkProblem | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const firstReason = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  useEffect(() => {
    if (changing) firstReason.current?.focus();
  }, [changing]);

  const send = async (body: ConfirmationAnswer) => {
    if (sending) return;
    setSending(true);
    setError('');
    try {
      await answerConfirmation(token, body);
      setDone(body.answer);
    } catch (failure) {
      const problem = failure instanceof ApiError ? linkProblem(failure.status, failure.code) : null;
      if (problem) setSpent(problem);
      else if (failure instanceof ApiError && failure.status === 429) setError(t('confirm.tooMany'));
      else setError(t('common:errors.generic'));
    } finally {
      setSending(false);
    }
  };

  if (done) {
    return (
      <section>
        <h1>{t('confirm.title')}</h1>
        <div ref={doneRef} tabIndex={-1} className="alert alert--success report-thanks">
          <p className="report-thanks__title">{t('confirm.doneTitle')}</p>
          <p>
            {done === 'correct'
              ? t('confirm.doneCorrect')
              : done === 'proposed'
                ? t('confirm.doneProposed')
                : t('confirm.doneChanged')}
          </p>
        </div>
      </section>
    );
  }
  if (spent) return <ProblemState problem={spent} />;
  if (link.isPending) return <p role="status">{t('confirm.loading')}</p>;
  if (!link.data) {
    const problem = link.error instanceof ApiError ? linkProblem(link.error.status, link.error.code) : null;
    if (problem) return <ProblemState problem={problem} />;
    return (
      <section>
        <h1>{t('confirm.title')}</h1>
        <div role="alert" className="alert alert--error">
          <p>
            {link.error instanceof ApiError && link.error.status === 429
              ? t('confirm.tooMany')
              : t('common:errors.generic')}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void link.refetch()}>
            {t('common:errors.retry')}
          </button>
        </div>
      </section>
    );
  }

  const expires = expiryDate(link.data.expiresAt, i18n.resolvedLanguage);
  const submitChanges = (event: React.FormEvent) => {
    event.preventDefault();
    if (reasons.length === 0) {
      setReasonsError(t('errors.reasons'));
      firstReason.current?.focus();
      return;
    }
    setReasonsError('');
    const text = message.trim();
    void send(text ? { answer: 'changed', reasons, message: text } : { answer: 'changed', reasons });
  };

  return (
    <section className="confirm-screen">
      <h1>{t('confirm.title')}</h1>
      <p>{t('confirm.intro')}</p>
      <SiteFacts site={link.data.site} closures={link.data.closures ?? []} />
      {expires && <p>{t('confirm.expires', { date: expires })}</p>}
      {error && (
        <div role="alert" className="alert alert--error">
          {error}
        </div>
      )}
      {proposing && corrections ? (
        <section aria-labelledby="confirm-propose-title" className="confirm-screen__propose">
          <h2 id="confirm-propose-title">{t('confirm.proposeTitle')}</h2>
          <p>{t('confirm.proposeIntro')}</p>
          {corrections({ site: link.data.site, onProposed: () => setDone('proposed') })}
          <p className="confirm-screen__actions">
            <button type="button" className="button button--secondary" onClick={() => setProposing(false)}>
              {t('confirm.cancel')}
            </button>
          </p>
        </section>
      ) : !changing ? (
        <p className="confirm-screen__actions">
          <button
            type="button"
            className="button"
            aria-disabled={sending || undefined}
            onClick={() => void send({ answer: 'correct' })}
          >
            {sending ? t('confirm.sending') : t('confirm.correct')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setChanging(true)}>
            {t('confirm.changed')}
          </button>
          {corrections && (
            <button type="button" className="button button--secondary" onClick={() => setProposing(true)}>
              {t('confirm.propose')}
            </button>
          )}
        </p>
      ) : (
        <form className="report-changed" noValidate onSubmit={submitChanges}>
          <ReasonChecklist
            legend={t('confirm.changedLegend')}
            error={reasonsError}
            chosen={reasons}
            onChange={setReasons}
            firstRef={firstReason}
          />
          <MessageField
            label={t('confirm.message')}
            hint={t('confirm.messageHint')}
            value={message}
            maxLength={MESSAGE_MAX}
            onChange={setMessage}
          />
          <p className="confirm-screen__actions">
            <button type="submit" className="button" aria-disabled={sending || undefined}>
              {sending ? t('confirm.sending') : t('confirm.send')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setChanging(false)}>
              {t('confirm.cancel')}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}
