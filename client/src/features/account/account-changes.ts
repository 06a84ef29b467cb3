import type { User, UserUpdate } from '#shared/schemas/users.ts';

export interface AccountValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** Asked for only when the e-mail address or the password changes (needsCurrentPassword). */
  currentPassword: string;
  /** Signed id of the picture to keep, or null for none. */
  picture: string | null;
}

export function initialValues(user: User): AccountValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    password: '',
    currentPassword: '',
    picture: user.picture,
  };
}

/**
 * Whether the form must ask for the current password: the e-mail address is a different one (the
 * server compares it trimmed and in lower case, so must we) or a new password is typed.
 */
export function needsCurrentPassword(user: User, values: AccountValues): boolean {
  return values.email.trim().toLowerCase() !== user.email || values.password !== '';
}

/**
 * What the form sends. The text fields always go (the server validates them, docs/product.md R49); the password
 * is sent empty to mean unchanged (docs/product.md R73); the picture only when it changed, so saving a name
 * does not make the server process the same picture again; the current password only with a change
 * that needs it (docs/decisions/018-account-proof-and-upload-types.md).
 */
export function accountChanges(user: User, values: AccountValues): UserUpdate {
  const changes: UserUpdate = {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    password: values.password,
  };
  if (values.picture !== user.picture) changes.picture = values.picture;
  if (needsCurrentPassword(user, values)) changes.currentPassword = values.currentPassword;
  return changes;
}
