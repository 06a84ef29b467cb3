import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '#shared/roles.ts';
import type { ReferenceItem } from '#shared/schemas/reference-lists.ts';

interface RoleFieldsProps {
  legend: string;
  role: Role;
  partnerIds: number[];
  partners: ReferenceItem[] | undefined;
  partnersError?: string;
  onRole: (role: Role) => void;
  onPartners: (ids: number[]) => void;
}

/**
 * A role as radio buttons, each with what it may do, and — for a partner manager only — the nutrition
 * partners they keep as checkboxes (docs/product.md R582). Used by the invitation and by a role change.
 */
export function RoleFields(props: RoleFieldsProps) {
  const { legend, role, partnerIds, partners, partnersError, onRole, onPartners } = props;
  const { t } = useTranslation('admin-users');
  const id = useId();
  return (
    <>
      <fieldset className="staff-roles">
        <legend>{legend}</legend>
        {ROLES.map((value) => (
          <p key={value} className="staff-roles__choice">
            <input
              id={`${id}-${value}`}
              type="radio"
              name={`${id}-role`}
              value={value}
              checked={role === value}
              aria-describedby={`${id}-${value}-hint`}
              onChange={() => onRole(value)}
            />
            <label htmlFor={`${id}-${value}`}>{t(`roles.${value}`)}</label>
            <span id={`${id}-${value}-hint`} className="field-hint">
              {t(`roleHints.${value}`)}
            </span>
          </p>
        ))}
      </fieldset>
      {role === 'partner' && (
        <fieldset
          className="checklist"
          data-field="partnerIds"
          aria-describedby={partnersError ? `${id}-partners-error` : undefined}
        >
          <legend>{t('invite.partners')}</legend>
          {partnersError && (
            <p id={`${id}-partners-error`} className="field-error" data-invalid="true" tabIndex={-1}>
              {partnersError}
            </p>
          )}
          {!partners ? (
            <p className="checklist__note">{t('invite.partnersLoading')}</p>
          ) : (
            <ul className="checklist__items">
              {partners.map((partner) => (
                <li key={partner.id}>
                  <input
                    id={`${id}-partner-${partner.id}`}
                    type="checkbox"
                    checked={partnerIds.includes(partner.id)}
                    onChange={(event) =>
                      onPartners(
                        event.target.checked
                          ? [...partnerIds, partner.id]
                          : partnerIds.filter((p) => p !== partner.id),
                      )
                    }
                  />
                  <label htmlFor={`${id}-partner-${partner.id}`}>{partner.name}</label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      )}
    </>
  );
}
