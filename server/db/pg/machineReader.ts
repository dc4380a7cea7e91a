import type pg from 'pg';
import type { MachineReader } from '../engine';
import { toApiMachine, type MachineRecord } from '../machineRecord';
import { MACHINE_COLUMNS } from './machines';
import { inTransaction } from './pool';

/** A page of machines after `afterId` in id order (bytewise: the column's collation is "C"). */
const MACHINE_PAGE_SQL = `SELECT ${MACHINE_COLUMNS} FROM machines WHERE id > $1 ORDER BY id LIMIT $2`;

/**
 * The key is the data_version row, read per call: a change any instance committed before the request arrived is
 * in the answer. The pages are read in one REPEATABLE READ transaction, so every page sees one snapshot.
 */
export function openMachineReader(pool: pg.Pool): MachineReader {
  return {
    async changeKey() {
      const { rows } = await pool.query<{ version: number }>('SELECT version FROM data_version');
      return String(rows[0]?.version);
    },
    readPages: (read) =>
      inTransaction(pool, { readOnly: true, isolation: 'REPEATABLE READ' }, (client) =>
        read(async (afterId, limit) => {
          const { rows } = await client.query<MachineRecord>(MACHINE_PAGE_SQL, [afterId, limit]);
          return rows.map(toApiMachine);
        }),
      ),
    close: async () => undefined,
  };
}
