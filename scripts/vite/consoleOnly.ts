// Build time only (vite.config.ts): the console's files, left out of the service worker's precache.
import { consoleOnlyFiles, readManifest } from '../bundle/manifest.ts';

/** The console-only files of the build in `outDir`, as paths under it (assets/…), read from its manifest. */
export const consoleOnlyFilesOf = (outDir: string): ReadonlySet<string> => consoleOnlyFiles(readManifest(outDir));
