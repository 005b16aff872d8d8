/** The bespoke parts of users: the username and password inputs (`UserInputs.tsx`); the rest is generated. */
import { users } from '../../schemas/auth/users';
import { lazyInput } from '../resources/lazyPart';
import { defineParts } from '../resources/parts';

// Loaded with the user form (its inputs and widgets are not in the first load).
const UsernameInput = lazyInput(() => import('./UserInputs').then((m) => m.UsernameInput));
const PasswordPairInput = lazyInput(() => import('./UserInputs').then((m) => m.PasswordPairInput));

export const userParts = defineParts(users, {
  fields: { username: { input: UsernameInput }, password: { input: PasswordPairInput } },
});
