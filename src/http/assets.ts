import fs from 'node:fs';
import path from 'node:path';
import { PUBLIC_BUILD_DIR } from '../paths';

/** What the build wrote: hashed file names of the island runtime, each island and the stylesheet. */
export type AssetManifest = {
  runtime: string;
  hydrate: string;
  css: string;
  islands: Record<string, { file: string; imports: string[] }>;
};

export const ASSETS_URL = '/assets';

export function readManifest(dir = PUBLIC_BUILD_DIR): AssetManifest {
  const file = path.join(dir, 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`No asset manifest at ${file}: run "npm run build" first.`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as AssetManifest;
}
