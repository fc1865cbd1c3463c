// `npm start` and the data commands: build what is missing or out of date, then run the bundle.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const name = process.argv[2] ?? 'server';
const stamp = path.join(root, 'dist', '.built');

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const sourcesAt = Math.max(
  ...['src', 'views', 'islands', 'scripts'].map((d) => newestSource(path.join(root, d))),
);
if (builtAt < sourcesAt) {
  console.log('Building…');
  await build();
}

// The bundle runs as a child so that signals reach it directly and its exit code is ours.
const child = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'dist', `${name}.js`), ...process.argv.slice(3)],
  {
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
