import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { STALE_TEMP_AGE_MS, sweepStaleTempFiles } from '../../server/db/sqlite/sweepTempFiles';
import { describeSqliteOnly, makeTempDir, startMainServer } from './helpers';

const HOUR_MS = 60 * 60 * 1000;
const dir = makeTempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A file in `folder` last written `ageMs` ago. */
function fileAged(folder: string, name: string, ageMs: number): void {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, name), 'partial upload');
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(path.join(folder, name), when, when);
}

const BLOB = 'a'.repeat(64);

describeSqliteOnly(
  'with PostgreSQL photos are written to the database in one statement: no temp files',
  'stale temp files in the file store',
  () => {
    it('are swept when older than an hour; fresh temp files (an upload in progress) and stored files stay', async () => {
      expect(STALE_TEMP_AGE_MS).toBe(HOUR_MS);
      const store = path.join(dir, 'sweep');
      fileAged(store, '.tmp-4242-0b7c1a52-9d4e-4f6b-8c11-3e1f0c9a7d21', 2 * HOUR_MS);
      fileAged(store, '.tmp-4242-5d1e8f30-7a2b-4c9d-9e0f-1a2b3c4d5e6f', 30 * 24 * HOUR_MS);
      fileAged(store, '.tmp-4343-8e9f0a1b-2c3d-4e5f-8a7b-9c0d1e2f3a4b', 5 * 60 * 1000);
      fileAged(store, BLOB, 30 * 24 * HOUR_MS);
      fileAged(store, 'notes.txt', 30 * 24 * HOUR_MS);

      const swept = await sweepStaleTempFiles(store);
      expect(swept.sort()).toEqual([
        '.tmp-4242-0b7c1a52-9d4e-4f6b-8c11-3e1f0c9a7d21',
        '.tmp-4242-5d1e8f30-7a2b-4c9d-9e0f-1a2b3c4d5e6f',
      ]);
      expect(fs.readdirSync(store).sort()).toEqual([
        '.tmp-4343-8e9f0a1b-2c3d-4e5f-8a7b-9c0d1e2f3a4b',
        BLOB,
        'notes.txt',
      ]);
    });

    it('are swept when the server starts (a temp file left by an upload cut off by kill -9)', async () => {
      const files = path.join(dir, 'data', 'files');
      fileAged(files, '.tmp-999999-0b7c1a52-9d4e-4f6b-8c11-3e1f0c9a7d21', 3 * HOUR_MS);
      fileAged(files, '.tmp-999999-8e9f0a1b-2c3d-4e5f-8a7b-9c0d1e2f3a4b', 60 * 1000);
      const server = await startMainServer(dir, {
        RVM_DB: path.join(dir, 'data', 'rvm.sqlite'),
        RVM_FILES: files,
      });
      try {
        const temps = fs.readdirSync(files).filter((name) => name.startsWith('.tmp-'));
        expect(temps).toEqual(['.tmp-999999-8e9f0a1b-2c3d-4e5f-8a7b-9c0d1e2f3a4b']);
      } finally {
        await server.stop('SIGKILL');
      }
    });
  },
);
