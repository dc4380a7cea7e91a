import type { Scenario } from './scenario';

/** One machine's status turned over, as a live event from the server does it. */
export const live: Scenario = async ({ stage, settle, record }) => {
  await settle('live status change');
  record(await stage.liveChange());
};
