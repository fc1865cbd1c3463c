import fs from 'node:fs';
import path from 'node:path';

type LockedPackage = {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

const lock = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

/** Where Node (and npm) would find `name` from the package at `key`: the nearest node_modules up the tree. */
function resolves(key: string, name: string): boolean {
  for (let base = key; ; base = base.slice(0, Math.max(0, base.lastIndexOf('/node_modules/')))) {
    if (`${base ? `${base}/` : ''}node_modules/${name}` in lock.packages) return true;
    if (base === '') return false;
  }
}

describe('package-lock.json', () => {
  // `npm ci` (the Dockerfile's and CI's install) refuses a lockfile that lacks any platform's optional
  // package, even one this machine would never install: "Missing: NAME@ from lock file".
  it('locks every dependency of every package, optional ones for other platforms included', () => {
    const missing = Object.entries(lock.packages).flatMap(([key, pkg]) =>
      Object.keys({
        ...pkg.dependencies,
        ...pkg.optionalDependencies,
        ...(key === '' ? pkg.devDependencies : {}),
      })
        .filter((name) => !resolves(key, name))
        .map((name) => `${key || 'the project'} → ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
