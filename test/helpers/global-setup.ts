import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** The pages name hashed island files from the build's manifest, so the tests build once first. */
export default function globalSetup(): void {
  execFileSync(process.execPath, [path.join(__dirname, '..', '..', 'scripts', 'build.mjs')], {
    stdio: 'inherit',
  });
}
