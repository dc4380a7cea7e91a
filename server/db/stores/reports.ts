import type { Executor } from '../executor';
import * as rec from '../reportStore';
import type { NewStoredReport, ReportStore, StoredReport } from '../reportStore';

/** Visitors' problem reports: the unique challenge holds across every instance. */
export class ReportsSql implements ReportStore {
  constructor(private readonly db: Executor) {}

  async add(report: NewStoredReport): Promise<StoredReport | null> {
    const row = await this.db.get<rec.ReportRow>(
      `INSERT INTO problem_reports (${rec.NEW_REPORT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (challenge) DO NOTHING RETURNING ${rec.REPORT_COLUMNS}`,
      rec.newReportValues(report),
    );
    return row ? rec.toReport(row) : null;
  }

  async countSince(machineId: string, since: string): Promise<number> {
    const row = await this.db.get<{ n: number }>(
      'SELECT count(*) AS n FROM problem_reports WHERE machine_id = ? AND created_at >= ?',
      [machineId, since],
    );
    return Number(row?.n);
  }

  async listOpen(limit: number): Promise<StoredReport[]> {
    const rows = await this.db.all<rec.ReportRow>(
      `SELECT ${rec.REPORT_COLUMNS} FROM problem_reports WHERE state = 'open' ORDER BY id DESC LIMIT ?`,
      [limit],
    );
    return rows.map(rec.toReport);
  }
}
