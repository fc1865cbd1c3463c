import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../src/db/database';
import { prepareDatabase } from '../../src/setup';
import pg from 'pg';
import { DEMO_PASSWORD, postgresDatabaseUrl } from './app';
import { POSTGRES_TEMPLATE_PREFIX, POSTGRES_TEMPLATE_VARIABLE, TEMPLATE_FILE } from './template';

/**
 * d3's packages are ECMAScript modules only (Node loads them; the server's bundle keeps them external), but
 * Jest's CommonJS runtime cannot require them: jest.config.js maps them to these CommonJS bundles.
 */
async function bundleD3ForJest() {
  const { build } = await import('esbuild');
  const root = path.join(__dirname, '..', '..');
  for (const name of ['d3-scale', 'd3-shape'])
    await build({
      entryPoints: [require.resolve(name, { paths: [root] })],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      outfile: path.join(root, 'node_modules', '.cache', 'jest-d3', `${name}.cjs`),
      logLevel: 'warning',
    });
}

/** Whether a process of this machine is running (a template of a run that died is dropped). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * With TEST_DATABASE_URL, a database migrated and demo-seeded once, which each PostgreSQL test app copies
 * (a copy is a tenth of the time of migrating and seeding). Its name goes to the test files through the
 * environment; the global teardown drops it, and templates of runs that died are dropped here.
 */
async function preparePostgresTemplate(base: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${POSTGRES_TEMPLATE_PREFIX}%`],
    );
    for (const { datname } of rows)
      if (!isAlive(Number(datname.slice(POSTGRES_TEMPLATE_PREFIX.length))))
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    const name = `${POSTGRES_TEMPLATE_PREFIX}${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const database = await openDatabase({ url: postgresDatabaseUrl(base, name), dataDir: 'memory://' });
    await prepareDatabase(database, { demoPassword: DEMO_PASSWORD });
    await database.close();
    process.env[POSTGRES_TEMPLATE_VARIABLE] = name;
  } finally {
    await admin.end();
  }
}

/**
 * Once per test run: the build (pages name hashed island files from its manifest), the PGlite template
 * every PGlite test app is copied from, and with TEST_DATABASE_URL the PostgreSQL one.
 */
export default async function globalSetup(): Promise<void> {
  execFileSync(process.execPath, [path.join(__dirname, '..', '..', 'scripts', 'build.mjs')], {
    stdio: 'inherit',
  });
  await bundleD3ForJest();
  if (process.env.TEST_DATABASE_URL) await preparePostgresTemplate(process.env.TEST_DATABASE_URL);
  const database = await openDatabase({ dataDir: 'memory://' });
  await prepareDatabase(database, { demoPassword: DEMO_PASSWORD });
  const dump = await database.dump!();
  fs.writeFileSync(`${TEMPLATE_FILE}.${process.pid}`, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(`${TEMPLATE_FILE}.${process.pid}`, TEMPLATE_FILE);
  await database.close();
}
