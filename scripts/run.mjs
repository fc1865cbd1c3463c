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

// The bundle runs as a child so that signals reach it directly and its exit code is ours. npm runs this
// script through `sh -c`, and on SIGTERM npm signals only that shell, which dies without passing it on:
// so a change of parent (the shell is gone) stops the server too, and the server stops by itself when
// this process goes (its IPC channel closes), even on SIGKILL.
const child = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'dist', `${name}.js`), ...process.argv.slice(3)],
  // Only the server watches the channel; the one-shot commands would wait on it forever.
  { stdio: ['inherit', 'inherit', 'inherit', ...(name === 'server' ? ['ipc'] : [])] },
);
const stop = (signal) => child.exitCode === null && child.signalCode === null && child.kill(signal);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop('SIGTERM'), 250).unref();
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
