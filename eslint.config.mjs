import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

/** The features: the folders of src/ that declare themselves (feature.ts), each owning its tables (store.ts). */
const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src');
/** A folder is a feature when its feature.ts declares one (src/http/feature.ts only names the type). */
function declaresFeature(file) {
  return fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes('declareFeature(');
}
const FEATURES = fs
  .readdirSync(SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && declaresFeature(path.join(SRC, entry.name, 'feature.ts')))
  .map((entry) => entry.name);

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
      {
        regex: `^(\\.\\./)+src/(${FEATURES.join('|')})/`,
        message:
          "views/ holds only what every feature shares (layouts, components): a page's view lives in its feature.",
      },
    ],
  ),
  // A feature's tables are its own, at any depth of its folder: another feature's store is reached
  // through that feature's service.
  ...FEATURES.map((feature) =>
    restrict(
      [`src/${feature}/**`],
      [
        {
          regex: `^(\\.\\./)+(${FEATURES.filter((other) => other !== feature).join('|')})/store$`,
          message: "A feature's tables are its own: call that feature's service instead of its store.",
        },
      ],
    ),
  ),
  // Listed after src/**: for these folders this rule replaces that one (and covers it).
  restrict(
    ['src/http/**', 'src/db/**'],
    [
      {
        regex: `^\\.\\./(${FEATURES.join('|')})/`,
        message: 'src/http and src/db serve every feature, so they import none.',
      },
    ],
  ),
);
