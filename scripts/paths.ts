// `npm run paths`: writes src/shared/declared-paths.ts, the types of every path the declarations mount (the
// pages' and their forms' paths, the actions' API routes). The builders of src/shared/paths.ts only make
// URLs of those types, so a link to a page no declaration mounts does not compile. test/unit/paths.test.ts
// fails when the file is not what this script would write now.
import fs from 'node:fs';
import path from 'node:path';
import { DECLARED_ACTIONS, DECLARED_PAGES } from '../src/features';

export const DECLARED_PATHS_FILE = path.join(__dirname, '..', 'src', 'shared', 'declared-paths.ts');

const union = (name: string, doc: string, values: Iterable<string>) =>
  [
    `/** ${doc} */`,
    `export type ${name} =`,
    ...[...new Set(values)].sort().map((value) => `  | '${value}'`),
  ].join('\n') + ';\n';

/** The file's text, from the declarations as they are now. */
export function declaredPathsSource(): string {
  const pagePaths = DECLARED_PAGES.flatMap((page) => [
    ...[page.path].flat(),
    ...(page.forms ?? []).flatMap((form) => [form.path ?? []].flat()),
  ]);
  return [
    '// Written by `npm run paths` (scripts/paths.ts) from the declared pages and actions: do not edit.\n',
    union(
      'PagePath',
      "Every page path a declaration mounts, in Express syntax ('/user/cases/:id').",
      pagePaths,
    ),
    union(
      'ApiRoute',
      "Every API route an action declares, relative to API_BASE_URL ('/cases/{id}').",
      DECLARED_ACTIONS.map((action) => action.route),
    ),
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  fs.writeFileSync(DECLARED_PATHS_FILE, declaredPathsSource());
  console.log(`wrote ${path.relative(process.cwd(), DECLARED_PATHS_FILE)}`);
}
