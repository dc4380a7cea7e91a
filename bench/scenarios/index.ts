import type { ScenarioName } from '../stage/stageApi';
import { filter } from './filter';
import { live } from './live';
import { load } from './load';
import { panZoom } from './panZoom';
import type { Scenario } from './scenario';
import { search } from './search';

/** One file per scenario, in the order "every scenario" runs them; every run starts with the load. */
export const SCENARIO_STEPS: Record<ScenarioName, Scenario> = { load, filter, search, panZoom, live };

export const SCENARIO_LABELS: Record<ScenarioName, string> = {
  load: 'Load',
  filter: 'Filter change',
  search: 'Search keys',
  panZoom: 'Pan and zoom',
  live: 'Live status change',
};
