import type { Variable } from './variable';
import { VARIABLES } from './variables';

/** Where docs/configuration.md's table of the server's variables starts and ends. */
export const TABLE_START =
  '<!-- The server variables: written by npm run docs:config from server/config/variables.ts. -->';
export const TABLE_END = '<!-- End of the server variables. -->';

const row = ({ name, shownDefault, description, range }: Variable<unknown>): string =>
  `| \`${name}\` | ${shownDefault} | ${description.replace('{range}', range)} |`;

/** The Markdown table of every variable, as docs/configuration.md holds it between its markers. */
export const variablesTable = (): string =>
  ['| variable | default | meaning |', '|---|---|---|', ...Object.values(VARIABLES).map(row)].join('\n');

/** `doc` with the table between its markers written again; throws when the markers are missing. */
export function withVariablesTable(doc: string): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`the doc lacks the markers ${TABLE_START} ... ${TABLE_END}`);
  return `${doc.slice(0, start + TABLE_START.length)}\n${variablesTable()}\n${doc.slice(end)}`;
}
