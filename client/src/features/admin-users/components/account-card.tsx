import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '#shared/roles.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';
import type { StaffAccount } from '#shared/schemas/staff-accounts.ts';
import { agencyInstant, fullName, partnerNames, statusText } from '../model/accounts.ts';
import { RoleFields } from './role-fields.tsx';

/** What an account's buttons ask the screen to do; the screen confirms, sends and says what happened. */
export type AccountAction =
  | { kind: 'deactivate' | 'reactivate' | 'resend' | 'revoke'; account: StaffAccount }
  | { kind: 'access'; account: StaffAccount; role: Role; partnerIds: number[] };

interface AccountCardProps {
  account: StaffAccount;
  isSelf: boolean;
  partners: ReferenceItem[] | undefined;
  busy: boolean;
  /** The error of a role change, shown at the partners (a 422) — the screen's alert says the rest. */
  partnersError?: string;
  onAction: (action: AccountAction) => Promise<boolean>;
}

/**
 * One account (docs/product.md R580): name, email, role, partners by name, last log-in on the agency's
 * clock, status; its buttons, each named with the person: change the role (a form that opens in
 * place), deactivate or reactivate, and for an invitation not yet accepted, send it again or withdraw it.
 */
export function AccountCard({ account, isSelf, partners, busy, partnersError, onAction }: AccountCardProps) {
  const { t, i18n } = useTranslation('admin-users');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [editing, setEditing] = useState(false);
  const [role, setRole] = useState<Role>(account.role);
  const [partnerIds, setPartnerIds] = useState(account.partnerIds);
  const name = fullName(account);
  const names = partnerNames(account.partnerIds, partners);
  const headingId = `account-${account.id}`;
  const form = useRef<HTMLFormElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Keyboard users stay where they were: into the role's choices when the form opens, back to its button after.
  useEffect(() => {
    if (editing) form.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
    else if (wasEditing.current) changeButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const open = () => {
    setRole(account.role);
    setPartnerIds(account.partnerIds);
    setEditing(true);
  };
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (await onAction({ kind: 'access', account, role, partnerIds })) setEditing(false);
  }
  const act = (kind: 'deactivate' | 'reactivate' | 'resend' | 'revoke') => () => {
    if (!busy) void onAction({ kind, account });
  };

  return (
    <li className="staff-account" aria-labelledby={headingId}>
      <h3 id={headingId} tabIndex={-1}>
        {name} {isSelf && <span className="staff-account__you">{t('list.you')}</span>}
      </h3>
      <dl className="staff-account__facts">
        <dt>{t('list.email')}</dt>
        <dd>{account.email}</dd>
        <dt>{t('list.role')}</dt>
        <dd>{t(`roles.${account.role}`)}</dd>
        {account.role === 'partner' && (
          <>
            <dt>{t('list.partners')}</dt>
            <dd>{names.length ? names.join(', ') : t('list.noPartners')}</dd>
          </>
        )}
        <dt>{t('list.lastLogIn')}</dt>
        <dd>{account.lastSignInAt ? agencyInstant(account.lastSignInAt, language) : t('list.never')}</dd>
        <dt>{t('list.status')}</dt>
        <dd>{statusText(account, t, language)}</dd>
      </dl>
      {editing ? (
        <form ref={form} className="admin-form staff-account__access" noValidate onSubmit={save}>
          <RoleFields
            legend={t('access.legend', { name })}
            role={role}
            partnerIds={partnerIds}
            partners={partners}
            partnersError={partnersError}
            onRole={setRole}
            onPartners={setPartnerIds}
          />
          <div className="form-actions">
            <button type="submit" className="button" aria-disabled={busy}>
              {t('actions.save')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setEditing(false)}>
              {t('actions.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="form-actions staff-account__actions">
          <button
            ref={changeButton}
            type="button"
            className="button button--secondary"
            aria-label={t('actions.changeAccessOf', { name })}
            onClick={open}
          >
            {t('actions.changeAccess')}
          </button>
          {account.invitationPending && (
            <button
              type="button"
              className="button button--secondary"
              aria-label={t('actions.resendOf', { name })}
              aria-disabled={busy}
              onClick={act('resend')}
            >
              {t('actions.resend')}
            </button>
          )}
          {account.invitationPending && account.active && (
            <button
              type="button"
              className="button button--danger"
              aria-label={t('actions.revokeOf', { name })}
              onClick={act('revoke')}
            >
              {t('actions.revoke')}
            </button>
          )}
          {!account.invitationPending && account.active && (
            <button
              type="button"
              className="button button--danger"
              aria-label={t('actions.deactivateOf', { name })}
              onClick={act('deactivate')}
            >
              {t('actions.deactivate')}
            </button>
          )}
          {!account.invitationPending && !account.active && (
            <button
              type="button"
              className="button button--secondary"
              aria-label={t('actions.reactivateOf', { name })}
              onClick={act('reactivate')}
            >
              {t('actions.reactivate')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
