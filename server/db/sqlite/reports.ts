import * as rec from '../reportStore';
import type { NewStoredReport, ReportStore, StoredReport } from '../reportStore';
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
}
