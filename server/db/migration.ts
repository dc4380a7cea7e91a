/** One step of a schema; each engine numbers its own and applies each step once, in its own transaction. */
export interface Migration<Tx = unknown> {
  version: number;
  name: string;
  sql: string;
  /** Runs after `sql` in the same transaction, for data SQL alone cannot make (19: the service episodes). */
  then?: (tx: Tx) => void | Promise<void>;
}
