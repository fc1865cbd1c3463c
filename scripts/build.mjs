// Builds the browser islands (ESM, code-split, hashed, with a manifest) and the server bundles.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const assetsDir = path.join(dist, 'public', 'assets');
const ASSETS_URL = '/assets';

/** Server and command-line entries, bundled to dist/NAME.js. */
export const SERVER_ENTRIES = {
  server: 'src/server.ts',
  migrate: 'scripts/migrate.ts',
  seed: 'scripts/seed.ts',
  'create-user': 'scripts/create-user.ts',
};

function islandEntries() {
  const islands = fs
    .readdirSync(path.join(root, 'islands'))
    .filter((f) => /^[A-Z]\w*\.tsx$/.test(f))
    .map((f) => path.join('islands', f));
  return ['islands/runtime/boot.ts', 'islands/runtime/hydrate.ts', ...islands];
}

export function browserOptions() {
  return {
    absWorkingDir: root,
    entryPoints: [...islandEntries(), 'views/styles.css'],
    bundle: true,
    format: 'esm',
    splitting: true,
    minify: true,
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    jsx: 'automatic',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    outdir: assetsDir,
    metafile: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  };
}

export function serverOptions() {
  return {
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES)),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    outdir: dist,
    sourcemap: true,
    logLevel: 'warning',
  };
}

/** island name → its file and static imports; plus the runtime, the hydrate module and the stylesheet. */
export function writeManifest(metafile) {
  const url = (file) =>
    `${ASSETS_URL}/${path.relative(assetsDir, path.join(root, file)).split(path.sep).join('/')}`;
  const manifest = { runtime: '', hydrate: '', css: '', islands: {} };
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const entry = output.entryPoint;
    if (!entry) continue;
    if (entry === 'islands/runtime/boot.ts') manifest.runtime = url(file);
    else if (entry === 'islands/runtime/hydrate.ts') manifest.hydrate = url(file);
    else if (entry === 'views/styles.css') manifest.css = url(file);
    else {
      const imports = output.imports.filter((i) => i.kind === 'import-statement').map((i) => url(i.path));
      manifest.islands[path.basename(entry, '.tsx')] = { file: url(file), imports };
    }
  }
  // Renamed into place, so a server starting during a build never reads half a manifest.
  const file = path.join(dist, 'public', 'manifest.json');
  fs.writeFileSync(`${file}.${process.pid}`, JSON.stringify(manifest, null, 2));
  fs.renameSync(`${file}.${process.pid}`, file);
  return manifest;
}

/** Hashed files of earlier builds stay an hour for pages (and servers) still naming them, then go. */
function pruneOldAssets(metafile) {
  const current = new Set(Object.keys(metafile.outputs).map((f) => path.join(root, f)));
  const cutoff = Date.now() - 60 * 60 * 1000;
  for (const name of fs.readdirSync(assetsDir)) {
    const file = path.join(assetsDir, name);
    if (!current.has(file) && fs.statSync(file).mtimeMs < cutoff) fs.rmSync(file, { force: true });
  }
}

export async function buildBrowser() {
  const result = await esbuild.build(browserOptions());
  pruneOldAssets(result.metafile);
  return writeManifest(result.metafile);
}

export async function buildServer() {
  await esbuild.build(serverOptions());
}

export async function build() {
  await Promise.all([buildBrowser(), buildServer()]);
  fs.writeFileSync(path.join(dist, '.built'), new Date().toISOString());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await build();
  console.log(`built dist/ in ${Date.now() - started} ms`);
}
