import fs from 'node:fs';
import path from 'node:path';

/** The project folder, found from this file whether it runs from src/ (tests) or the bundle in dist/. */
function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

export const ROOT_DIR = findRoot(__dirname);
export const PUBLIC_BUILD_DIR = path.join(ROOT_DIR, 'dist', 'public');
