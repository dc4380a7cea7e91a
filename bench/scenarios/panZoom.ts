import { HUGE_N, type Scenario } from './scenario';

/** A drag across the map and back, then two wheel steps in and two out (the drag only, shorter, at 1M). */
export const panZoom: Scenario = async ({ stage, n, settle, record, settleLimitMs }) => {
  await settle('pan and zoom');
  record(await stage.panZoom(n >= HUGE_N ? 'short' : 'full', settleLimitMs));
};
