import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export const ENTRY_KEY = 'index.html';
/** The lazily loaded map: MapLibre, deck.gl and the page's map code. */
export const MAP_KEY = 'src/map/MapView.tsx';
/** The sign-in page and the operator console: one lazy chunk a visitor of the map never loads (decision 0047). */
export const CONSOLE_KEY = 'src/operator/screens.tsx';

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch (error) {
    throw new Error(`No build manifest at ${file}: run \`npm run build\` first`, { cause: error });
  }
}

export function manifestEntry(manifest: Manifest, key: string): ManifestChunk {
  const entry = manifest[key];
  if (!entry) throw new Error(`The build manifest has no ${key}`);
  return entry;
}

/** What loads with a chunk: its file and every chunk it imports statically (files under dist), and their CSS. */
export function staticClosure(manifest: Manifest, key: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (current: string): void => {
    if (seen.has(current)) return;
    seen.add(current);
    const entry = manifestEntry(manifest, current);
    scripts.push(entry.file);
    for (const css of entry.css ?? []) styles.add(css);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  visit(key);
  return { scripts, styles: [...styles] };
}

/** Every file a chunk loads, at once or on demand: its static and dynamic imports, followed to the end. */
function reachable(manifest: Manifest, from: string, stopAt: ReadonlySet<string>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key) || stopAt.has(key)) return;
    seen.add(key);
    const entry = manifestEntry(manifest, key);
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
    for (const next of [...(entry.imports ?? []), ...(entry.dynamicImports ?? [])]) visit(next);
  };
  visit(from);
  return files;
}

/**
 * The files only the console loads: what its chunk reaches, less what the map's page can reach without it. A
 * visitor's browser never downloads them, not even into the service worker's precache.
 */
export function consoleOnlyFiles(manifest: Manifest): Set<string> {
  const visitor = reachable(manifest, ENTRY_KEY, new Set([CONSOLE_KEY]));
  return new Set([...reachable(manifest, CONSOLE_KEY, new Set())].filter((file) => !visitor.has(file)));
}
