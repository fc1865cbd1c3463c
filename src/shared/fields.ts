/**
 * The zod rules every input schema builds its text fields from (server only: islands never bundle zod).
 * One place for the rules that hold for all text, such as the login-ID rule.
 */
import { z } from 'zod';
import { MESSAGES } from './constants';
import { LOGIN_ID_RULE } from './login-id';
import { EMAIL_PATTERN } from './validation';

/** Text that must be given: trimmed, at least one character, at most `max`. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Text that may be left empty (then ''). */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .default('');

export const emailField = (label = 'Email') =>
  requiredText(label, 254).regex(EMAIL_PATTERN, MESSAGES.invalidEmail);

/** A sign-in name being chosen (SPEC "User ID"). */
export const loginIdField = () =>
  z
    .string({ error: 'User ID is required' })
    .trim()
    .min(1, 'User ID is required')
    .regex(LOGIN_ID_RULE.pattern, LOGIN_ID_RULE.message);

/**
 * A password being chosen: given, and not absurdly long. Its policy is the firm's, which only the service
 * knows (the account's firm), so the service holds it to that policy and words the refusal.
 */
export const newPasswordField = () =>
  z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long');

/** A page's password typed twice: the second must match, and its message goes beside it. */
export const confirmed = <T extends { password: string; confirm_password: string }>(v: T) =>
  v.password === v.confirm_password;
export const CONFIRM_MISMATCH = { message: 'The passwords do not match', path: ['confirm_password'] };
