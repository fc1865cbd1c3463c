import { MESSAGES } from './constants';

/** SPEC §5: an email of the shape name@domain.tld, and a phone with a run of 7+ digits, ( ) + - or spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /[\d()+\-\s]{7,}/;

export const isValidEmail = (value: string) => EMAIL_PATTERN.test(value);
export const isValidPhone = (value: string) => PHONE_PATTERN.test(value);

export type ContactInput = { name: string; firm: string; phone: string; email: string };
export type ContactField = keyof ContactInput;
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const CONTACT_LIMITS: Record<ContactField, number> = { name: 200, firm: 200, phone: 40, email: 254 };

/** The messages shown beside fields as the person types: only for non-empty, invalid values. */
export function contactLiveErrors(input: ContactInput): FieldErrors<ContactField> {
  const errors: FieldErrors<ContactField> = {};
  if (input.email !== '' && !isValidEmail(input.email)) errors.email = MESSAGES.invalidEmail;
  if (input.phone !== '' && !isValidPhone(input.phone)) errors.phone = MESSAGES.invalidPhone;
  return errors;
}

export function isContactComplete(input: ContactInput): boolean {
  return input.name.trim() !== '' && isValidEmail(input.email) && isValidPhone(input.phone);
}

/** A `next` that stays on this site: a local path, never '//host' or a scheme. */
export function safeNext(next: unknown): string | undefined {
  if (typeof next !== 'string' || next.length > 2000 || !next.startsWith('/') || /[\\\s]/.test(next))
    return undefined;
  const base = 'http://local.invalid';
  const url = new URL(next, base);
  return url.origin === base ? `${url.pathname}${url.search}` : undefined;
}

/** The sign-in page that leads back to `path` afterwards; a path too long to come back to is dropped. */
export const loginWithNext = (path: string) =>
  safeNext(path) ? `/login?next=${encodeURIComponent(path)}` : '/login';
