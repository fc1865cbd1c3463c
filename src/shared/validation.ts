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

/** The longest `next` kept: a longer one is dropped, here and where the area guard builds it. */
export const MAX_NEXT_LENGTH = 2000;

const SAME_SITE = 'http://local.invalid';

/**
 * A `next` that stays on this site: the local path it resolves to, or undefined. The resolved URL is
 * what a browser follows, so it is checked after normalisation ('/.//host' resolves to '//host').
 * Backslashes and white space are refused outright: browsers read a backslash as '/' and drop tabs and
 * newlines, so such a value means something else to them than to us.
 */
export function safeNext(next: unknown): string | undefined {
  if (typeof next !== 'string' || next.length > MAX_NEXT_LENGTH || !next.startsWith('/')) return undefined;
  if (/[\\\s\u0000-\u001f\u007f]/.test(next)) return undefined;
  const url = resolve(next);
  if (url?.origin !== SAME_SITE) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A second slash or a backslash would name another host, and so would their encoded forms once decoded.
  return /^\/(?:[/\\]|%2f|%5c)/i.test(path) ? undefined : path;
}

/** '//[' and the like name a host that cannot be parsed. */
function resolve(next: string): URL | undefined {
  try {
    return new URL(next, SAME_SITE);
  } catch {
    return undefined;
  }
}

/** The sign-in page that leads back to `path` afterwards; a path too long to come back to is dropped. */
export const loginWithNext = (path: string) =>
  safeNext(path) ? `/login?next=${encodeURIComponent(path)}` : '/login';
