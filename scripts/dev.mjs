// `npm run dev`: rebuild the islands and the server bundle on every change, and restart the server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { browserOptions, serverOptions, writeManifest } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'dist', 'server.js');
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' };
// The server takes up to 10 s to finish requests in flight; past that it is killed.
const STOP_TIMEOUT_MS = 12_000;
// One change often rebuilds both bundles (views are in both): restart once for both.
const SETTLE_MS = 100;

const built = { browser: false, server: false };
let child;
const stopped = new WeakSet();
let restartTimer;
let restarting = Promise.resolve();
let shuttingDown = false;

const log = (message) => console.log(`[dev] ${message}`);

/** Reports each rebuild; on success runs `then` and asks for a restart. */
function onBuilt(name, then = () => {}) {
  return {
    name: `dev-${name}`,
    setup(build) {
      let started = 0;
      build.onStart(() => {
        started = Date.now();
      });
      build.onEnd((result) => {
        if (result.errors.length) {
          log(`${name} build failed; the running server is left as it was`);
          return;
        }
        then(result);
        built[name] = true;
        log(`${name} built in ${Date.now() - started} ms`);
        scheduleRestart();
      });
    },
  };
}

function scheduleRestart() {
  if (shuttingDown || !built.browser || !built.server) return;
  clearTimeout(restartTimer);
  restartTimer = setTimeout(() => {
    restarting = restarting.then(restart);
  }, SETTLE_MS);
}

/** Stops the running server (SIGTERM, then SIGKILL after the grace time) and waits for its exit. */
function stopServer(signal = 'SIGTERM') {
  const running = child;
  if (!running || running.exitCode !== null || running.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => running.kill('SIGKILL'), STOP_TIMEOUT_MS);
    running.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    stopped.add(running);
    running.kill(signal);
  });
}

async function restart() {
  if (shuttingDown) return;
  const again = Boolean(child);
  await stopServer();
  if (shuttingDown) return;
  log(again ? 'restarting the server' : 'starting the server');
  const started = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  child = started;
  started.on('exit', (code, signal) => {
    if (!stopped.has(started) && !shuttingDown)
      log(`the server stopped (${signal ?? `exit code ${code}`}); waiting for changes`);
  });
}

const contexts = {};

async function watch(name, options, then) {
  const context = await esbuild.context({ ...options, plugins: [onBuilt(name, then)] });
  contexts[name] = context;
  await context.watch();
}

// A new or removed island file changes the entry points, which esbuild's watcher cannot do: recreate
// the browser context then.
const islandList = () => browserOptions().entryPoints.join('\n');
const watchBrowser = () => watch('browser', browserOptions(), (result) => writeManifest(result.metafile));
let islands = islandList();
let islandsTimer;
fs.watch(path.join(root, 'islands'), () => {
  clearTimeout(islandsTimer);
  islandsTimer = setTimeout(async () => {
    if (shuttingDown || islandList() === islands) return;
    islands = islandList();
    log('the set of islands changed');
    await contexts.browser?.dispose();
    if (!shuttingDown) await watchBrowser();
  }, SETTLE_MS);
});

async function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  clearTimeout(restartTimer);
  clearTimeout(islandsTimer);
  await Promise.all(Object.values(contexts).map((c) => c.dispose()));
  await restarting;
  await stopServer(signal);
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shutdown(signal));

log(`watching src/, views/, islands/ (NODE_ENV=${env.NODE_ENV})`);
await watch('server', serverOptions());
await watchBrowser();
