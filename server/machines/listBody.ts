import type { Db } from '../db/open';
import { etagOf } from '../http/etag';
import { createListCache } from './listCache';
import { listMachines, type ApiMachine } from './repository';

export interface RvmListBody {
  success: true;
  rvms: ApiMachine[];
}

export interface ListBody {
  json: string;
  etag: string;
  machines: number;
}

/** The list call's body as sent, cached until the database changes; the health check reads the same. */
export function createListBody(db: Db): () => ListBody {
  return createListCache(db, () => {
    const rvms = listMachines(db);
    const body: RvmListBody = { success: true, rvms };
    const json = JSON.stringify(body);
    return { json, etag: etagOf(json), machines: rvms.length };
  });
}
