import type { Db } from '../db/open';
import { encodedBody, type EncodedBody } from '../http/encodedBody';
import { createListCache } from './listCache';
import { listMachines, type ApiMachine } from './repository';

export interface RvmListBody {
  success: true;
  rvms: ApiMachine[];
}

export interface ListBody extends EncodedBody {
  machines: number;
}

/** The list call's body as sent (compressed at most once per encoding), cached until the database changes; the health check reads the same. */
export function createListBody(db: Db): () => ListBody {
  return createListCache(db, () => {
    const rvms = listMachines(db);
    const body: RvmListBody = { success: true, rvms };
    return { ...encodedBody(JSON.stringify(body), 'application/json; charset=utf-8'), machines: rvms.length };
  });
}
