import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { afterAdminWrite } from '#client/lib/after-admin-write.ts';
import { ApiError } from '#client/lib/api.ts';
import type { ProposalDetail, ProposalField, ProposalFieldDetail } from '#shared/schemas/proposals.ts';
import { decideProposal, proposalKeys, useProposal } from '../api/proposals.ts';
import { type Choice, decisionsBody } from '../model/decisions.ts';
import { proposerName, when } from '../model/words.ts';
import { ProposalValue } from './proposal-value.tsx';
import '#client/components/admin/admin.css';
import './proposals.css';

type Problem = '' | 'nothingChosen' | 'conflict' | 'duplicate' | 'failed';

/**
 * /admin/proposals/{id}: each proposed field with its value when proposed, the site's value now when
 * it changed since, and the proposed value, in words; per undecided field Apply, Reject or Decide
 * later, and one Submit (docs/product.md R597). What happened is said in the status region.
 */
export function ProposalReview({ id }: { id: number }) {
  const { t } = useTranslation('admin-proposals');
  const client = useQueryClient();
  const proposal = useProposal(id);
  const [choices, setChoices] = useState<Partial<Record<ProposalField, Choice>>>({});
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState<Problem>('');
  const [busy, setBusy] = useState(false);

  const submit = async (detail: ProposalDetail, confirmDuplicate = false) => {
    setAnnouncement('');
    const body = decisionsBody(choices, detail.siteVersion, confirmDuplicate);
    if (!body) {
      setProblem('nothingChosen');
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      const answer = await decideProposal(detail.id, body);
      client.setQueryData(proposalKeys.one(detail.id), answer);
      setChoices({});
      setAnnouncement(t(answer.status === 'closed' ? 'closed' : 'saved'));
      void afterAdminWrite(client);
    } catch (failure) {
      const code = failure instanceof ApiError && failure.status === 409 ? failure.code : undefined;
      setProblem(code === 'duplicate' ? 'duplicate' : code ? 'conflict' : 'failed');
      if (code && code !== 'duplicate') await proposal.refetch();
    } finally {
      setBusy(false);
    }
  };

  const detail = proposal.data;
  if (!detail) {
    const missing = proposal.error instanceof ApiError && proposal.error.status === 404;
    return (
      <section className="admin-form" aria-labelledby="proposal-title">
        <h1 id="proposal-title">{t('title')}</h1>
        {proposal.error ? (
          <div role="alert" className="alert alert--error">
            <p>{t(missing ? 'notFound' : 'loadFailed')}</p>
          </div>
        ) : (
          <p>{t('common:loading')}</p>
        )}
        <p>
          <Link to="/admin/proposals">{t('backToList')}</Link>
        </p>
      </section>
    );
  }

  const open = detail.fields.some((field) => !field.decision);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void submit(detail);
  };
  return (
    <section className="admin-form" aria-labelledby="proposal-title">
      <h1 id="proposal-title">{t('reviewTitle', { name: detail.siteName })}</h1>
      <Intro detail={detail} />
      <p>
        <Link to="/admin/proposals">{t('backToList')}</Link>
      </p>
      <p role="status" className={announcement ? 'alert alert--success' : 'workspace-announcement'}>
        {announcement}
      </p>
      {problem && (
        <div role="alert" className="alert alert--error">
          <p>{t(problem)}</p>
          {problem === 'duplicate' && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => !busy && void submit(detail, true)}
            >
              {t('apply')}
            </button>
          )}
        </div>
      )}
      <form onSubmit={onSubmit} noValidate>
        {detail.fields.map((field) => (
          <FieldReview
            key={field.field}
            field={field}
            choice={choices[field.field] ?? 'later'}
            onChoose={(choice) => setChoices((current) => ({ ...current, [field.field]: choice }))}
          />
        ))}
        {open && (
          <button type="submit" className="button" aria-disabled={busy}>
            {busy ? t('submitting') : t('submit')}
          </button>
        )}
      </form>
    </section>
  );
}

function Intro({ detail }: { detail: ProposalDetail }) {
  const { t, i18n } = useTranslation('admin-proposals');
  const date = when(detail.createdAt, i18n.resolvedLanguage ?? i18n.language);
  return <p>{t('reviewIntro', { name: proposerName(detail, t), date })}</p>;
}

function FieldReview({
  field,
  choice,
  onChoose,
}: {
  field: ProposalFieldDetail;
  choice: Choice;
  onChoose: (choice: Choice) => void;
}) {
  const { t, i18n } = useTranslation('admin-proposals');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const label = t(`fields.${field.field}`);
  const headingId = `proposal-field-${field.field}`;
  const { decision } = field;
  return (
    <section className="proposal-field" aria-labelledby={headingId}>
      <h2 id={headingId}>{label}</h2>
      {field.changedSince && <p className="proposal-changed">{t('changedSince')}</p>}
      <dl className="proposal-values">
        <dt>{t('atProposal')}</dt>
        <dd>
          <ProposalValue field={field.field} value={field.base} />
        </dd>
        {field.changedSince && (
          <>
            <dt>{t('current')}</dt>
            <dd>
              <ProposalValue field={field.field} value={field.current} />
            </dd>
          </>
        )}
        <dt>{t('proposed')}</dt>
        <dd>
          <ProposalValue field={field.field} value={field.proposed} />
        </dd>
      </dl>
      {decision ? (
        <p>
          <strong>
            {t(decision.outcome, {
              name: decision.by ? `${decision.by.firstName} ${decision.by.lastName}`.trim() : t('someone'),
              date: when(decision.at, language),
            })}
          </strong>
        </p>
      ) : (
        <fieldset className="proposal-decision">
          <legend>{t('decision', { field: label })}</legend>
          {(['apply', 'reject', 'later'] as const).map((option) => (
            <label key={option}>
              <input
                type="radio"
                name={`decision-${field.field}`}
                value={option}
                checked={choice === option}
                onChange={() => onChoose(option)}
              />
              {t(option)}
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
