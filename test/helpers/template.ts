import fs from 'node:fs';
import path from 'node:path';

/**
 * A migrated and demo-seeded PGlite data folder, made once per test run by the global setup; each
 * PGlite test app starts from a copy of it instead of creating, migrating and seeding its own.
 */
export const TEMPLATE_FILE = path.join(__dirname, '..', '..', 'dist', 'test-template.tar');

let template: Blob | undefined;

/** The template, read once per test file. */
export function pgliteTemplate(): Blob {
  template ??= new Blob([fs.readFileSync(TEMPLATE_FILE)]);
  return template;
}
