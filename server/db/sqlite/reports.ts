import * as rec from '../reportStore';
import type { ReportKind } from '../../../shared/contract/problemReport';
import type {
  NewStoredReport,
  ReportClosing,
  ReportMoment,
  ReportSelection,
  ReportStore,
  StoredReport,
} from '../reportStore';
import type { Db } from './open';

/** SQLite's problem reports. */
export class SqliteReportStore implements ReportStore {
  constructor(private readonly db: Db) {}

  async add(report: NewStoredReport): Promise<StoredReport | null> {
    const row = this.db
      .prepare(
        `INSERT INTO problem_reports (${rec.NEW_REPORT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (challenge) DO NOTHING RETURNING ${rec.REPORT_COLUMNS}`,
      )
      .get(...rec.newReportValues(report)) as rec.ReportRow | undefined;
    return row ? rec.toReport(row) : null;
  }

  async countSince(machineId: string, since: string): Promise<number> {
    return Number(
      this.db
        .prepare('SELECT count(*) FROM problem_reports WHERE machine_id = ? AND created_at >= ?')
        .pluck()
        .get(machineId, since),
    );
  }

  async listOpen(limit: number): Promise<StoredReport[]> {
    const rows = this.db
      .prepare(`SELECT ${rec.REPORT_COLUMNS} FROM problem_reports WHERE state = 'open' ORDER BY id DESC LIMIT ?`)
      .all(limit) as rec.ReportRow[];
    return rows.map(rec.toReport);
  }

  async get(id: number): Promise<StoredReport | null> {
    const row = this.db.prepare(`SELECT ${rec.REPORT_COLUMNS} FROM problem_reports WHERE id = ?`).get(id) as
      rec.ReportRow | undefined;
    return row ? rec.toReport(row) : null;
  }

  async close(selection: ReportSelection, closing: ReportClosing): Promise<StoredReport[]> {
    const [where, value] = 'id' in selection ? ['id = ?', selection.id] : ['machine_id = ?', selection.machineId];
    const rows = this.db
      .prepare(
        `UPDATE problem_reports SET state = ?, note = ?, closed_at = ?, closed_by = ?, closed_by_kind = ?
         WHERE state = 'open' AND ${where} RETURNING ${rec.REPORT_COLUMNS}`,
      )
      .all(closing.outcome, closing.note, closing.at, closing.by, closing.byKind, value) as rec.ReportRow[];
    return rows.map(rec.toReport).sort((a, b) => b.id - a.id);
  }

  async listClosed(limit: number, machineId: string | null): Promise<StoredReport[]> {
    const rows = this.db
      .prepare(
        `SELECT ${rec.REPORT_COLUMNS} FROM problem_reports
         WHERE state <> 'open' AND (@machine IS NULL OR machine_id = @machine)
         ORDER BY closed_at DESC, id DESC LIMIT @limit`,
      )
      .all({ machine: machineId, limit }) as rec.ReportRow[];
    return rows.map(rec.toReport);
  }

  async openCounts(): Promise<{ machineId: string; district: string; count: number }[]> {
    const rows = this.db
      .prepare(
        `SELECT machine_id, district, count(*) AS count FROM problem_reports WHERE state = 'open'
         GROUP BY machine_id, district`,
      )
      .all() as { machine_id: string; district: string; count: number }[];
    return rows.map((row) => ({ machineId: row.machine_id, district: row.district, count: Number(row.count) }));
  }

  async openOfKindSince(kind: ReportKind, since: string): Promise<ReportMoment[]> {
    const rows = this.db
      .prepare(
        `SELECT machine_id, created_at FROM problem_reports
         WHERE state = 'open' AND kind = ? AND created_at >= ? ORDER BY created_at, id`,
      )
      .all(kind, since) as { machine_id: string; created_at: string }[];
    return rows.map((row) => ({ machineId: row.machine_id, createdAt: row.created_at }));
  }

  async prune(before: string): Promise<number> {
    return this.db.prepare('DELETE FROM problem_reports WHERE created_at < ?').run(before).changes;
  }
}
