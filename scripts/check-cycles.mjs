// Fails when any module of the project imports itself through a chain of imports (type imports count:
// they tie the modules together too). Part of `npm run lint`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['src', 'views', 'islands', 'scripts'];
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The project files a file imports (relative imports only: packages cannot import us back). */
function importsOf(file) {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) =>
      EXTENSIONS.map((ext) => path.resolve(path.dirname(file), name) + ext).find((f) => fs.existsSync(f)),
    )
    .filter(Boolean);
}

const files = FOLDERS.flatMap((f) => sources(path.join(root, f)));
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const state = new Map();
const cycles = [];
function visit(file, trail) {
  if (state.get(file) === 'done') return;
  if (state.get(file) === 'open') {
    cycles.push(trail.slice(trail.indexOf(file)).concat(file));
    return;
  }
  state.set(file, 'open');
  for (const next of graph.get(file) ?? []) visit(next, trail.concat(file));
  state.set(file, 'done');
}
for (const file of files) visit(file, []);

if (cycles.length) {
  for (const cycle of cycles)
    console.error(`import cycle: ${cycle.map((f) => path.relative(root, f)).join(' → ')}`);
  process.exit(1);
}
console.log(`no import cycles among ${files.length} modules`);
