import { SEARCH_TEXT } from '../stage/stageApi';
import { LARGE_N, type Scenario } from './scenario';

/** The search text typed key by key (each key searching, as once the debounce fires), then cleared. */
export const search: Scenario = async ({ stage, n, settle, record }) => {
  const keys = n >= LARGE_N ? 3 : SEARCH_TEXT.length;
  for (let end = 1; end <= keys; end++) {
    const text = SEARCH_TEXT.slice(0, end);
    await settle(`search '${text}'`);
    record(await stage.search(text));
  }
  await settle('search cleared');
  record(await stage.search(''));
};
