import { createHash } from 'node:crypto';
import type { Engine, ReadPage } from '../db/engine';
import type { ApiMachine } from '../machines/apiMachine';
import { encodedBody, type EncodedBody } from './encodedBody';
import { createListCache, type ListCache } from './listCache';

export interface RvmListBody {
  success: true;
  rvms: ApiMachine[];
}

/** Machines written per step: a few milliseconds of work, so the event loop never waits long. */
export const LIST_CHUNK_ROWS = 500;

export interface ListBody extends EncodedBody {
  machines: number;
}

/**
 * The list call's body, written a few hundred machines at a time, each page read after a turn of the event loop,
 * so that 50 000 machines (a 37 MB body) never hold up other requests. `readPage` must read every page from one
 * snapshot. The ETag is the SHA-256 of the body as it is.
 */
export async function buildListBody(readPage: ReadPage): Promise<ListBody> {
  const hash = createHash('sha256');
  const parts: Buffer[] = [];
  let machines = 0;
  const add = (text: string): void => {
    const part = Buffer.from(text, 'utf8');
    hash.update(part);
    parts.push(part);
  };
  add('{"success":true,"rvms":[');
  let page = await readPage('', LIST_CHUNK_ROWS);
  for (let separator = ''; page.length > 0; separator = ',') {
    add(separator + page.map((machine) => JSON.stringify(machine)).join(','));
    machines += page.length;
    page = await readPage(page.at(-1)!.id, LIST_CHUNK_ROWS);
  }
  add(']}');
  const etag = `"${hash.digest('base64url')}"`;
  return { ...encodedBody(parts, 'application/json; charset=utf-8', etag), machines };
}

/** Told of each build: its time, and the body it made (null when it failed). */
export type ListBuildObserver = (seconds: number, built: ListBody | null) => void;

/**
 * The list call's body as sent (compressed at most once per encoding), kept until the machines change; the health
 * check reads the same. Reads go through the engine's machine reader, closed by the returned `close`.
 */
export function createListBody(
  engine: Engine,
  observe: ListBuildObserver = () => undefined,
): ListCache<ListBody> & { close(): Promise<void> } {
  const reader = engine.openMachineReader();
  const build = async (): Promise<ListBody> => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const body = await reader.readPages(buildListBody);
      observe(seconds(), body);
      return body;
    } catch (error) {
      observe(seconds(), null);
      throw error;
    }
  };
  return {
    ...createListCache(() => reader.changeKey(), build),
    close: () => reader.close(),
  };
}
