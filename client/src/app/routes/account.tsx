import { AccountForm } from '#client/features/account/components/account-form.tsx';
import { PhotoInput } from '#client/features/photo-input/components/photo-input.tsx';
import { addNamespace } from '#client/i18n/lazy-namespaces.ts';
import { useCurrentUser, useSetCurrentUser } from '#client/lib/current-user.ts';

addNamespace('auth');
addNamespace('account');
addNamespace('photo');

/**
 * /account/* (docs/product.md R49), behind RequireUser. Composes the account form with the photo uploader and
 * makes the saved user the current user, so the navigation shows the new details at once.
 */
export function AccountScreen() {
  const { user } = useCurrentUser();
  const setCurrentUser = useSetCurrentUser();
  if (!user) return null;
  return (
    <AccountForm
      key={user.id}
      user={user}
      onSaved={setCurrentUser}
      renderPicture={(props) => <PhotoInput {...props} />}
    />
  );
}
