import fs from 'node:fs/promises';
import path from 'node:path';
import { TEMP_PREFIX } from './fileStore';

/**
 * A temp file this old is left over from an upload cut off by a crash (`kill -9`): an upload must arrive within
 * the 2-minute request timeout, and an import writes each photo's temp file in moments.
 */
export const STALE_TEMP_AGE_MS = 60 * 60 * 1000; // 1 hour

/** Removes the store's stale temp files; the names removed. Younger ones may belong to a running import. */
export async function sweepStaleTempFiles(dir: string, maxAgeMs: number = STALE_TEMP_AGE_MS): Promise<string[]> {
  const cutoff = Date.now() - maxAgeMs;
  const swept: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.startsWith(TEMP_PREFIX)) continue;
    const file = path.join(dir, entry.name);
    // Gone already: its upload or import just finished with it.
    const stat = await fs.stat(file).catch(() => null);
    if (!stat || stat.mtimeMs >= cutoff) continue;
    await fs.rm(file, { force: true });
    swept.push(entry.name);
  }
  return swept;
}
