/** The bespoke parts of users: the username and password inputs (`UserInputs.tsx`); the rest is generated. */
import { users } from '../../schemas/index';
import { defineParts } from '../resources/parts';
import { PasswordPairInput, UsernameInput } from './UserInputs';

export const userParts = defineParts(users, {
  fields: { username: { input: UsernameInput }, password: { input: PasswordPairInput } },
});
