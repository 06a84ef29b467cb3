import type { User, UserUpdate } from '../../../../shared/schemas/users.ts';

export interface AccountValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** Signed id of the picture to keep, or null for none. */
  picture: string | null;
}

export function initialValues(user: User): AccountValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    password: '',
    picture: user.picture,
  };
}

/**
 * What the form sends. The text fields always go (the server validates them, SPEC.md §5); the password
 * is sent empty to mean unchanged (DECISIONS.md 17); the picture only when it changed, so saving a name
 * does not make the server process the same picture again.
 */
export function accountChanges(user: User, values: AccountValues): UserUpdate {
  const changes: UserUpdate = {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    password: values.password,
  };
  if (values.picture !== user.picture) changes.picture = values.picture;
  return changes;
}
