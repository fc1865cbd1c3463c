import { MAX_NEXT_LENGTH, safeNext } from '../../src/shared/validation';
import { OFF_SITE_NEXT_CASES } from '../helpers/next';

describe('safeNext', () => {
  it.each([
    ['/admin/users', '/admin/users'],
    ['/user/cases?page=2', '/user/cases?page=2'],
    ['/reti/dashboard?page=2#firms', '/reti/dashboard?page=2#firms'],
    ['/user/./cases/../documents', '/user/documents'],
    ['/%2e%2e/admin/users', '/admin/users'],
    ['/user/a%2fb', '/user/a%2fb'],
    ['/user/@evil.example', '/user/@evil.example'],
  ])('keeps %j as %j', (next, expected) => expect(safeNext(next)).toBe(expected));

  it.each(OFF_SITE_NEXT_CASES)('refuses %s', (_name, next) => expect(safeNext(next)).toBeUndefined());

  it.each([undefined, null, 42, ['/a'], ''])('refuses the non-path %j', (next) =>
    expect(safeNext(next)).toBeUndefined(),
  );

  it(`keeps a path of exactly ${MAX_NEXT_LENGTH} characters and refuses a longer one`, () => {
    const longest = `/${'a'.repeat(MAX_NEXT_LENGTH - 1)}`;
    expect(safeNext(longest)).toBe(longest);
    expect(safeNext(`${longest}a`)).toBeUndefined();
  });
});
