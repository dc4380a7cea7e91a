import { FILTER_KINDS } from '../stage/stageApi';
import type { Scenario } from './scenario';

/** One status group, then one district, then back to every machine. */
export const filter: Scenario = async ({ stage, settle, record }) => {
  for (const kind of FILTER_KINDS) {
    await settle(`filter: ${kind}`);
    record(await stage.filter(kind));
  }
};
