import { hashPassword } from '../auth/password';
import type { Role } from '../db/schema';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy, passwordProblem } from '../shared/password-policy';
import type { UsersStore, UserRow } from './store';

export class UserInputError extends Error {}

export type CreateUserInput = {
  firmId: string | null;
  loginId: string;
  firstName: string;
  lastName?: string;
  email: string;
  role: Role;
  password: string;
};

export function createUsersService(store: UsersStore) {
  return {
    findWithFirmByLoginId: store.findWithFirmByLoginId,
    findWithFirmById: store.findWithFirmById,
    recordFailedLogin: store.recordFailedLogin,
    recordSuccessfulLogin: store.recordSuccessfulLogin,

    /** Creates an active account whose password meets `policy`. */
    async create(input: CreateUserInput, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): Promise<UserRow> {
      const problem = passwordProblem(input.password, policy);
      if (problem) throw new UserInputError(problem);
      if (!/^[A-Za-z0-9._@-]{2,100}$/.test(input.loginId))
        throw new UserInputError('User ID must be 2-100 letters, digits or . _ @ -');
      if (await store.findByLoginId(input.loginId))
        throw new UserInputError(`User ID ${input.loginId} is taken`);
      return store.insert({
        firmId: input.firmId,
        loginId: input.loginId,
        firstName: input.firstName,
        lastName: input.lastName ?? '',
        email: input.email,
        role: input.role,
        status: 'active',
        passwordHash: await hashPassword(input.password),
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
