import tseslint from 'typescript-eslint';

/** The features under src/: each owns its tables (store.ts) and is reached through its service. */
const FEATURES =
  'access|admin|ai|areas|audit|auth|backups|branding|cases|contact|demo|documents|firms|forms|health|invitations|jobs|mail|mfa|passwords|public|reports|rules|settings|users';

const restrict = (files, patterns) => ({
  files,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.cjs', 'jest.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The boundaries of DESIGN.md §2, enforced.
  restrict(
    ['islands/**'],
    [
      {
        regex: '^(\\.\\./)+(src/(?!shared/)|views/|scripts/)',
        message: 'Islands run in the browser: they import only islands/ and src/shared/.',
      },
      {
        regex: '^(\\.\\./)+src/shared/fields$|^zod$',
        message: 'Islands never bundle zod: the server checks with it and sends its messages back.',
      },
    ],
  ),
  restrict(
    ['views/**'],
    [
      {
        regex: '(^|/)(service|store)$|^(\\.\\./)+src/db/',
        message: 'Views get plain data as props: they never reach a service, a store or the database.',
      },
    ],
  ),
  restrict(
    ['src/**'],
    [
      {
        regex: `^\\.\\./(${FEATURES})/store$`,
        message: "A feature's tables are its own: call that feature's service instead of its store.",
      },
    ],
  ),
  // Listed after src/**: for these folders this rule replaces that one (and covers it).
  restrict(
    ['src/http/**', 'src/db/**'],
    [
      {
        regex: `^\\.\\./(${FEATURES})/`,
        message: 'src/http and src/db serve every feature, so they import none.',
      },
    ],
  ),
);
