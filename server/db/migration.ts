/** One step of a schema; each engine numbers its own and applies each step once, in its own transaction. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}
