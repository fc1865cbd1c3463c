/** SPEC §6 password policies: basic (8 characters), medium (10 plus symbols), strong (12 plus symbols and numbers). */
export type PasswordPolicy = 'basic' | 'medium' | 'strong';
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = 'strong';

const hasSymbol = (p: string) => /[^A-Za-z0-9]/.test(p);
const hasNumber = (p: string) => /\d/.test(p);

/** The reason a password falls short of the policy, or null when it meets it. */
export function passwordProblem(password: string, policy: PasswordPolicy): string | null {
  if (password.length > 1024) return 'Password is too long';
  if (policy === 'basic') return password.length >= 8 ? null : 'Password must be at least 8 characters';
  if (policy === 'medium')
    return password.length >= 10 && hasSymbol(password)
      ? null
      : 'Password must be at least 10 characters and include a symbol';
  return password.length >= 12 && hasSymbol(password) && hasNumber(password)
    ? null
    : 'Password must be at least 12 characters and include a symbol and a number';
}
