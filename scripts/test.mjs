// `npm test`: the suite on two Jest workers, then test/timing alone. Its figures are goals for this machine
// at rest, which two cores shared with other test files (Chromium among them) are not. With arguments
// (files, -t NAME), one Jest run with them; paths under test/timing run with the timing settings.
import { spawnSync } from 'node:child_process';

const JEST = [
  '--experimental-vm-modules',
  '--disable-warning=ExperimentalWarning',
  'node_modules/jest/bin/jest.js',
];

/** Runs Jest with `args`, the timing settings when `timing`; answers its exit status. */
function jest(args, timing) {
  const env = { ...process.env, JEST_TIMING: timing ? '1' : '' };
  return spawnSync(process.execPath, [...JEST, ...args], { stdio: 'inherit', env }).status ?? 1;
}

const args = process.argv.slice(2);
const timingArgs = args.some((arg) => arg.includes('test/timing'));
if (args.length) process.exit(jest(args, timingArgs));
// The timing tests run even after a failure elsewhere, so that one run reports everything.
const suite = jest([], false);
const timing = jest([], true);
process.exit(suite || timing);
