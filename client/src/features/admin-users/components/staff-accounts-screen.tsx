import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '#client/components/admin/confirm-dialog.tsx';
import { QueryState } from '#client/components/ui/query-state.tsx';
import { ApiError } from '#client/lib/api.ts';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { fieldErrorMap } from '#client/lib/field-errors.ts';
import type { StaffAccount } from '#shared/schemas/staff-accounts.ts';
import {
  changeAccess,
  resendInvitation,
  revokeInvitation,
  staffAccountsKey,
  usePartners,
  useStaffAccounts,
} from '../api/staff-accounts.ts';
import { fullName } from '../model/accounts.ts';
import { type AccountAction, AccountCard } from './account-card.tsx';
import { InviteForm } from './invite-form.tsx';
import '#client/components/admin/admin.css';
import '../staff-accounts.css';

interface Confirming {
  kind: 'deactivate' | 'reactivate' | 'revoke';
  account: StaffAccount;
}

/**
 * /admin/users, for administrators (docs/product.md R580–R589): the invitation form, then every
 * account with its buttons. A deactivation, reactivation or withdrawn invitation asks first (the
 * confirm dialog); what happened is said in the status region, a refusal in an alert.
 */
export function StaffAccountsScreen() {
  const { t } = useTranslation('admin-users');
  const client = useQueryClient();
  const accounts = useStaffAccounts();
  const partners = usePartners();
  const { user } = useCurrentUser();
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState('');
  const [partnersError, setPartnersError] = useState<{ id: number; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  // After a confirmed step the button that opened the dialog is gone (Deactivate became Reactivate):
  // focus goes to the account's name instead of the page's start.
  const [focusAccount, setFocusAccount] = useState<number | null>(null);
  useEffect(() => {
    if (focusAccount === null || confirming) return;
    document.getElementById(`account-${focusAccount}`)?.focus();
    setFocusAccount(null);
  }, [focusAccount, confirming]);

  const put = (account: StaffAccount) =>
    client.setQueryData<StaffAccount[]>(staffAccountsKey, (current = []) =>
      current.some((a) => a.id === account.id)
        ? current.map((a) => (a.id === account.id ? account : a))
        : [...current, account],
    );

  /** Sends an action; answers whether it went through. */
  async function run(action: AccountAction): Promise<boolean> {
    const { account } = action;
    const name = fullName(account);
    setBusy(true);
    setError('');
    setAnnouncement('');
    setPartnersError(null);
    try {
      if (action.kind === 'access') {
        const partnerIds = action.role === 'partner' ? action.partnerIds : [];
        put(await changeAccess(account.id, { role: action.role, partnerIds }));
        setAnnouncement(t('done.saved', { name }));
      } else if (action.kind === 'resend') {
        put(await resendInvitation(account.id));
        setAnnouncement(t('done.resent', { email: account.email }));
      } else if (action.kind === 'revoke') {
        put(await revokeInvitation(account.id));
        setAnnouncement(t('done.revoked', { name }));
      } else {
        put(await changeAccess(account.id, { active: action.kind === 'reactivate' }));
        setAnnouncement(t(action.kind === 'reactivate' ? 'done.reactivated' : 'done.deactivated', { name }));
      }
      return true;
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422 && failure.errors.length) {
        const fields = fieldErrorMap(failure.errors, t);
        setPartnersError({ id: account.id, text: fields.partnerIds ?? Object.values(fields).join(' ') });
      } else if (failure instanceof ApiError && failure.code === 'last_admin')
        setError(t('errors.lastAdmin', { name }));
      else if (failure instanceof ApiError && failure.code === 'has_password')
        setError(t('errors.hasPassword', { name }));
      else {
        if (!(failure instanceof ApiError)) console.error(failure);
        setError(t('errors.failed'));
      }
      if (failure instanceof ApiError && failure.status === 409) void accounts.refetch();
      return false;
    } finally {
      setBusy(false);
    }
  }

  const ask = (action: AccountAction) => {
    const { kind, account } = action;
    if (kind === 'deactivate' || kind === 'reactivate' || kind === 'revoke') {
      setConfirming({ kind, account });
      return Promise.resolve(false);
    }
    return run(action);
  };
  const confirm = async () => {
    if (!confirming || busy) return;
    await run(confirming);
    setFocusAccount(confirming.account.id);
    setConfirming(null);
  };

  const list = accounts.data ?? [];
  const confirmName = confirming ? fullName(confirming.account) : '';
  return (
    <section className="staff-accounts" aria-labelledby="staff-accounts-title">
      <h1 id="staff-accounts-title">{t('title')}</h1>
      <p>{t('intro')}</p>
      <p>
        <Link to="/admin">{t('back')}</Link>
      </p>
      <p role="status" className={announcement ? 'alert alert--success' : 'staff-accounts__announcement'}>
        {announcement}
      </p>
      {error && (
        <div role="alert" className="alert alert--error">
          <p>{error}</p>
        </div>
      )}
      <InviteForm partners={partners.data} onInvited={put} />
      <h2 id="accounts-heading">{t('list.heading')}</h2>
      <QueryState query={accounts} failed={t('loadFailed')}>
        {() => (
          <>
            <p>{t('list.count', { count: list.length })}</p>
            <ul className="staff-accounts__list" aria-labelledby="accounts-heading">
              {list.map((account) => (
                <AccountCard
                  key={account.id}
                  account={account}
                  isSelf={account.id === user?.id}
                  partners={partners.data}
                  busy={busy}
                  partnersError={partnersError?.id === account.id ? partnersError.text : undefined}
                  onAction={ask}
                />
              ))}
            </ul>
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`confirm.${confirming.kind}Title`, { name: confirmName }) : ''}
        confirmLabel={confirming ? t(`actions.${confirming.kind}`) : ''}
        cancelLabel={t('actions.cancel')}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      >
        <p>{confirming ? t(`confirm.${confirming.kind}Text`) : ''}</p>
      </ConfirmDialog>
    </section>
  );
}
