import { MAX_NEXT_LENGTH } from '../../src/shared/validation';

/** Values that must never leave the site, whatever a browser or a later decode makes of them. */
const OFF_SITE_NEXT = [
  '/.//evil.example/phish',
  '/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/a/../..//evil.example',
  '//evil.example',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '\\/evil.example',
  '/./\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  ' //evil.example',
  '/%2f%2fevil.example',
  '/%2F/evil.example',
  '/%5cevil.example',
  '/.%2f/../%2f/evil.example',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'http://evil.example',
  'https://evil.example/',
  'HTTP://evil.example',
  '//[',
  `/${'a'.repeat(MAX_NEXT_LENGTH)}`,
];

/** Each value with a short, readable name for the test title. */
export const OFF_SITE_NEXT_CASES: [string, string][] = OFF_SITE_NEXT.map((value) => [
  value.length > 60 ? `a path of ${value.length} characters` : JSON.stringify(value),
  value,
]);
