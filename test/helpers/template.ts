import fs from 'node:fs';
import path from 'node:path';

/**
 * A migrated and demo-seeded PGlite data folder, made once per test run by the global setup; each
 * PGlite test app starts from a copy of it instead of creating, migrating and seeding its own.
 */
export const TEMPLATE_FILE = path.join(__dirname, '..', '..', 'dist', 'test-template.tar');

/**
 * The PostgreSQL database (with TEST_DATABASE_URL) made the same way by the global setup, named in this
 * variable for the test files: each PostgreSQL test app is a copy of it (CREATE DATABASE … TEMPLATE).
 */
export const POSTGRES_TEMPLATE_VARIABLE = 'RETI_TEST_POSTGRES_TEMPLATE';

/** This run's template databases are named after the process that made them. */
export const POSTGRES_TEMPLATE_PREFIX = 'reti_template_';

let template: Blob | undefined;

/** The template, read once per test file. */
export function pgliteTemplate(): Blob {
  template ??= new Blob([fs.readFileSync(TEMPLATE_FILE)]);
  return template;
}
