import { percentile, type MonthTallies } from '../../../shared/service/monthFigures';
import {
  EMPTIED_FULL,
  monthEpisodesCte,
  tallyDaysSql,
  tallyFailuresSql,
  tallyNearlyFullSql,
  talliesOf,
  type DayTallyRow,
  type FailureRow,
  type TallyDialect,
} from '../serviceSql';
import type { MonthTally } from '../stores/service';
import type { Executor } from '../executor';

/** The month's tallies' SQL on SQLite (serviceSql.ts): named parameters, as the promise is read several times. */
export const SQLITE_TALLY_DIALECT: TallyDialect = {
  from: '@from',
  to: '@to',
  nowMs: '@nowMs',
  limitMs: '@limitMs',
  // SQLite keeps a time as whole milliseconds (its iJD), so this is exact.
  ms: (column) => `CAST(round((julianday(${column}) - 2440587.5) * 86400000) AS INTEGER)`,
  count: (aggregate) => aggregate,
};

/**
 * SQLite's month tallies (ServiceStore.monthTallies): four reads in one of the executor's transactions, so that they
 * see the same episodes; each takes its named parameters as one object.
 */
export function sqliteMonthTallies(
  sql: Executor,
  ...[from, to, districts, promiseMinutes, nowMs]: Parameters<MonthTally>
): Promise<MonthTallies> {
  const inDistricts = districts.length === 0 ? '' : 'm.district IN (SELECT value FROM json_each(@districts))';
  const cte = monthEpisodesCte(SQLITE_TALLY_DIALECT, inDistricts);
  const named = [
    {
      from,
      to,
      nowMs,
      limitMs: promiseMinutes * 60_000,
      ...(districts.length === 0 ? {} : { districts: JSON.stringify(districts) }),
    },
  ];
  return sql.transaction(async (tx) => {
    const days = await tx.all<DayTallyRow>(`${cte} ${tallyDaysSql(SQLITE_TALLY_DIALECT)}`, named);
    const nearlyFull = await tx.get<Record<string, number>>(
      `${cte} ${tallyNearlyFullSql(SQLITE_TALLY_DIALECT)}`,
      named,
    );
    const failures = await tx.all<FailureRow>(`${cte} ${tallyFailuresSql(SQLITE_TALLY_DIALECT)}`, named);
    // SQLite has no percentile: the lengths come sorted, and the nearest ranks are taken here.
    const rows = await tx.all<{ ms: number }>(`${cte} SELECT ms ${EMPTIED_FULL} ORDER BY ms`, named);
    const toEmpty = rows.map((row) => row.ms);
    const count = Object.values(nearlyFull ?? {})[0] ?? 0;
    return talliesOf(days, count, failures, percentile(toEmpty, 0.5), percentile(toEmpty, 0.95));
  });
}
