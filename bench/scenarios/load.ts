import type { Scenario } from './scenario';

/** The stage's first frame with every marker, measured from its navigation. */
export const load: Scenario = async ({ stage, record }) => {
  record(await stage.load);
};
