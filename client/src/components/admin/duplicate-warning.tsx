import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '#shared/phone.ts';

/** One site the server found too like the one being saved (the 409 `code: "duplicate"`). */
export interface DuplicateCandidate {
  id: number;
  name: string;
  address: string;
  phoneNumber: string | null;
  reasons: ('address' | 'phone' | 'name')[];
}

/** The candidates of a duplicate 409, or null when the answer is not one. */
export function duplicateCandidates(body: Record<string, unknown>): DuplicateCandidate[] | null {
  if (body.code !== 'duplicate' || !Array.isArray(body.candidates)) return null;
  return body.candidates as DuplicateCandidate[];
}

interface DuplicateWarningProps {
  candidates: readonly DuplicateCandidate[];
  onSaveAnyway: () => void;
  onStop: () => void;
  busy: boolean;
}

/**
 * "This site may already be listed" (docs/product.md R212): the matching sites with why they match,
 * each opening in a new tab so the form stays as it is; "Save anyway" sends the same values again with
 * `confirmDuplicate: true`, "Don't save" closes the warning and leaves the form to the clerk.
 */
export function DuplicateWarning({ candidates, onSaveAnyway, onStop, busy }: DuplicateWarningProps) {
  const { t, i18n } = useTranslation('admin');
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => heading.current?.focus(), []);
  const list = new Intl.ListFormat(i18n.resolvedLanguage ?? i18n.language, { type: 'conjunction' });
  return (
    <section className="alert alert--error duplicate-warning" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('duplicate.title', { count: candidates.length })}
      </h2>
      <p>{t('duplicate.intro')}</p>
      <ul className="duplicate-warning__list">
        {candidates.map((candidate) => (
          <li key={candidate.id}>
            <a href={`/sites/${candidate.id}`} target="_blank" rel="noopener">
              {candidate.name}
              <span className="visually-hidden"> {t('duplicate.newTab')}</span>
            </a>
            <br />
            {candidate.address}
            {candidate.phoneNumber && (
              <>
                <br />
                {formatPhone(candidate.phoneNumber)}
              </>
            )}
            <br />
            {t('duplicate.matches', {
              reasons: list.format(candidate.reasons.map((reason) => t(`duplicate.reason.${reason}`))),
            })}
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => !busy && onSaveAnyway()} aria-disabled={busy}>
          {t('duplicate.saveAnyway')}
        </button>
        <button type="button" className="button button--secondary" onClick={onStop}>
          {t('duplicate.stop')}
        </button>
      </div>
    </section>
  );
}
