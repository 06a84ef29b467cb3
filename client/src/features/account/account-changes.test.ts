import { describe, expect, it } from 'vitest';
import type { User } from '#shared/schemas/users.ts';
import { accountChanges, initialValues } from './account-changes.ts';

const user: User = {
  id: 7,
  isAdmin: false,
  role: 'user',
  firstName: 'Uma',
  lastName: 'User',
  email: 'uma@example.org',
  picture: '3--abc',
  pictureUrl: '/uploads/key',
};

describe('initialValues', () => {
  it('starts from the user with an empty password', () => {
    expect(initialValues(user)).toEqual({
      firstName: 'Uma',
      lastName: 'User',
      email: 'uma@example.org',
      password: '',
      currentPassword: '',
      picture: '3--abc',
    });
  });
});

describe('accountChanges', () => {
  it('sends the fields and an empty password, and leaves an unchanged picture out', () => {
    expect(accountChanges(user, { ...initialValues(user), firstName: 'Ana' })).toEqual({
      firstName: 'Ana',
      lastName: 'User',
      email: 'uma@example.org',
      password: '',
    });
  });
  it('sends a new picture', () => {
    expect(accountChanges(user, { ...initialValues(user), picture: '9--new' }).picture).toBe('9--new');
  });
  it('sends null when the picture was removed', () => {
    expect(accountChanges(user, { ...initialValues(user), picture: null })).toHaveProperty('picture', null);
  });
  it('sends a new password, with the current password as proof', () => {
    const changes = accountChanges(user, {
      ...initialValues(user),
      password: 'new-pass-1',
      currentPassword: 'old-pass-1',
    });
    expect(changes).toMatchObject({ password: 'new-pass-1', currentPassword: 'old-pass-1' });
  });
  it('sends the current password with a new e-mail address, not with the same one in other case', () => {
    const values = { ...initialValues(user), currentPassword: 'old-pass-1' };
    expect(accountChanges(user, { ...values, email: 'new@example.org' }).currentPassword).toBe('old-pass-1');
    expect(accountChanges(user, { ...values, email: ' UMA@example.org ' })).not.toHaveProperty(
      'currentPassword',
    );
    expect(accountChanges(user, { ...values, firstName: 'Ana' })).not.toHaveProperty('currentPassword');
  });
});
