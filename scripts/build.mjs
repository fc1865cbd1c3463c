// Builds the browser islands (ESM, code-split, hashed, with a manifest) and the server bundles.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const assetsDir = path.join(dist, 'public', 'assets');
const ASSETS_URL = '/assets';
/** The site icons, copied under hashed names like the bundles (the ICO is made by scripts/favicon.ts). */
const ICONS = { svg: 'views/components/favicon.svg', ico: 'views/components/favicon.ico' };

/** Server and command-line entries, bundled to dist/NAME.js. */
export const SERVER_ENTRIES = {
  server: 'src/server.ts',
  // The sandbox worker process that reads uploaded files (src/documents/sandbox).
  'analysis-worker': 'src/documents/sandbox/worker.ts',
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
    entryPoints: [...islandEntries(), 'views/styles.css', ...Object.values(ICONS)],
    loader: { '.svg': 'copy', '.ico': 'copy' },
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

/** island name → its file and static imports; plus the runtime, the hydrate module, the stylesheet and the icons. */
export function writeManifest(metafile) {
  const url = (file) =>
    `${ASSETS_URL}/${path.relative(assetsDir, path.join(root, file)).split(path.sep).join('/')}`;
  const manifest = { runtime: '', hydrate: '', css: '', icons: { svg: '', ico: '' }, islands: {} };
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const entry = output.entryPoint;
    if (!entry) continue;
    if (entry === 'islands/runtime/boot.ts') manifest.runtime = url(file);
    else if (entry === 'islands/runtime/hydrate.ts') manifest.hydrate = url(file);
    else if (entry === 'views/styles.css') manifest.css = url(file);
    else if (entry === ICONS.svg) manifest.icons.svg = url(file);
    else if (entry === ICONS.ico) manifest.icons.ico = url(file);
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

/** Hashed files of earlier builds, and their compressed copies, stay an hour for pages still naming them. */
function pruneOldAssets(metafile) {
  const current = new Set(Object.keys(metafile.outputs).map((f) => path.join(root, f)));
  const cutoff = Date.now() - 60 * 60 * 1000;
  for (const name of fs.readdirSync(assetsDir)) {
    const file = path.join(assetsDir, name);
    const original = file.replace(/\.(br|gz)$/, '');
    if (!current.has(original) && fs.statSync(file).mtimeMs < cutoff) fs.rmSync(file, { force: true });
  }
}

/** Text formats worth compressing; the ICO holds PNG images, which are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg)$/;
/** Below this many bytes saved, a compressed copy is not worth a file of its own. */
const MIN_SAVING = 256;
const ENCODINGS = [
  {
    suffix: '.br',
    compress: promisify(zlib.brotliCompress),
    options: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
  },
  { suffix: '.gz', compress: promisify(zlib.gzip), options: { level: 9 } },
];

/**
 * Writes FILE.br (brotli at its best, quality 11) and FILE.gz (gzip level 9) beside each output, for the
 * server to send as they are: far too slow per request, free once made. A hashed name always holds the
 * same content, so copies left by an earlier build are kept.
 */
async function compressAssets(metafile) {
  const files = Object.keys(metafile.outputs)
    .filter((file) => COMPRESSIBLE.test(file))
    .map((file) => path.join(root, file));
  const jobs = files.flatMap((file) =>
    ENCODINGS.map(async ({ suffix, compress, options }) => {
      const target = file + suffix;
      if (fs.existsSync(target)) return;
      const original = await fs.promises.readFile(file);
      const compressed = await compress(original, options);
      if (original.length - compressed.length < MIN_SAVING) return;
      // Renamed into place, so a server never reads half a file.
      await fs.promises.writeFile(`${target}.${process.pid}`, compressed);
      await fs.promises.rename(`${target}.${process.pid}`, target);
    }),
  );
  await Promise.all(jobs);
}

export async function buildBrowser() {
  const result = await esbuild.build(browserOptions());
  pruneOldAssets(result.metafile);
  await compressAssets(result.metafile);
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
