import { contactSchema } from '../../src/contact/schema';
import { passwordProblem } from '../../src/shared/password-policy';
import {
  contactLiveErrors,
  isContactComplete,
  isValidEmail,
  isValidPhone,
  safeNext,
} from '../../src/shared/validation';

describe('contact rules (SPEC §5)', () => {
  it.each(['a@b.co', 'first.last+tag@firm.example.com'])('accepts the email %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(['', 'a@b', 'a b@c.d', '@b.co', 'a@.'])('refuses the email %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
  it.each(['5551234', '+1 (555) 123-4567', '(02) 9999 9999'])('accepts the phone %s', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });
  it.each(['', '555-12', 'call me', '12ab34cd56'])('refuses the phone %j', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });

  it('shows messages only for non-empty invalid fields', () => {
    expect(contactLiveErrors({ name: '', firm: '', phone: '', email: '' })).toEqual({});
    expect(contactLiveErrors({ name: 'A', firm: '', phone: '12', email: 'x' })).toEqual({
      phone: 'Enter a valid phone number',
      email: 'Enter a valid email',
    });
  });

  it('needs a name that is not blank after trimming; the firm is optional', () => {
    expect(isContactComplete({ name: '   ', firm: '', phone: '5551234', email: 'a@b.co' })).toBe(false);
    expect(isContactComplete({ name: 'Ana', firm: '', phone: '5551234', email: 'a@b.co' })).toBe(true);
    const parsed = contactSchema.safeParse({ name: '  ', phone: '5551234', email: 'a@b.co' });
    expect(parsed.success).toBe(false);
  });
});

describe('safe next paths', () => {
  it.each([
    ['/admin/users', '/admin/users'],
    ['/user/cases?page=2', '/user/cases?page=2'],
  ])('keeps %s', (next, expected) => expect(safeNext(next)).toBe(expected));
  it.each([
    '//evil.example',
    'https://evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    '',
    undefined,
    ['/a'],
  ])('ignores %j', (next) => expect(safeNext(next)).toBeUndefined());
});

describe('password policies (SPEC §6)', () => {
  it('checks basic, medium and strong', () => {
    expect(passwordProblem('abcdefgh', 'basic')).toBeNull();
    expect(passwordProblem('abcdefg', 'basic')).toMatch(/8 characters/);
    expect(passwordProblem('abcdefghij', 'medium')).toMatch(/symbol/);
    expect(passwordProblem('abcdefghi!', 'medium')).toBeNull();
    expect(passwordProblem('abcdefghijk!', 'strong')).toMatch(/number/);
    expect(passwordProblem('abcdefghij1!', 'strong')).toBeNull();
  });
});
