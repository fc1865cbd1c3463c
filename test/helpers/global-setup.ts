import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../src/db/database';
import { prepareDatabase } from '../../src/setup';
import { DEMO_PASSWORD } from './app';
import { TEMPLATE_FILE } from './template';

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

/**
 * Once per test run: the build (pages name hashed island files from its manifest), and the PGlite
 * template every PGlite test app is copied from.
 */
export default async function globalSetup(): Promise<void> {
  execFileSync(process.execPath, [path.join(__dirname, '..', '..', 'scripts', 'build.mjs')], {
    stdio: 'inherit',
  });
  await bundleD3ForJest();
  const database = await openDatabase({ dataDir: 'memory://' });
  await prepareDatabase(database, { demoPassword: DEMO_PASSWORD });
  const dump = await database.dump!();
  fs.writeFileSync(`${TEMPLATE_FILE}.${process.pid}`, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(`${TEMPLATE_FILE}.${process.pid}`, TEMPLATE_FILE);
  await database.close();
}
