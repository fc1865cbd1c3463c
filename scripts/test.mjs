// `npm test`: the suite on two Jest workers, then test/timing alone. Its figures are goals for this machine
// at rest, which two cores shared with other test files (Chromium among them) are not. With arguments
// (files, -t NAME), one Jest run with them; paths under test/timing run with the timing settings. At the
// end it prints the ten slowest test files of the suite, and how long the suite took.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const JEST = [
  '--experimental-vm-modules',
  '--disable-warning=ExperimentalWarning',
  'node_modules/jest/bin/jest.js',
];

/** Runs Jest with `args`, the timing settings when `timing`; answers its exit status and its results. */
function jest(args, timing) {
  const env = { ...process.env, JEST_TIMING: timing ? '1' : '' };
  // Jest's results as JSON into a file of their own; its usual report still goes to the terminal.
  const results = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reti-jest-')), 'results.json');
  const started = performance.now();
  const run = spawnSync(process.execPath, [...JEST, '--json', `--outputFile=${results}`, ...args], {
    stdio: 'inherit',
    env,
  });
  const wallMs = performance.now() - started;
  let files = [];
  try {
    files = JSON.parse(fs.readFileSync(results, 'utf8')).testResults;
  } catch {
    // Jest stopped before writing them (a bad argument, a failed global setup): its own output says why.
  }
  fs.rmSync(path.dirname(results), { recursive: true, force: true });
  return { status: run.status ?? 1, files, wallMs };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The ten test files that took longest, each with its time, and the run's wall time. */
function printSlowest({ files, wallMs }) {
  if (!files.length) return;
  const root = process.cwd() + path.sep;
  const slowest = files
    .map((f) => ({ name: f.name.replace(root, ''), ms: f.endTime - f.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  const width = Math.max(...slowest.map((f) => f.name.length));
  console.log(`\nThe ten slowest test files (of ${files.length}):`);
  for (const f of slowest) console.log(`  ${f.name.padEnd(width)}  ${seconds(f.ms).padStart(7)}`);
  console.log(`Wall time of the run: ${seconds(wallMs)}`);
}

const args = process.argv.slice(2);
const timingArgs = args.some((arg) => arg.includes('test/timing'));
if (args.length) {
  const run = jest(args, timingArgs);
  printSlowest(run);
  process.exit(run.status);
}
// The timing tests run even after a failure elsewhere, so that one run reports everything.
const suite = jest([], false);
const timing = jest([], true);
printSlowest(suite);
process.exit(suite.status || timing.status);
