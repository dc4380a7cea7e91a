import type pg from 'pg';
import * as rec from '../reportStore';
import type { NewStoredReport, ReportStore, StoredReport } from '../reportStore';

/** PostgreSQL's problem reports: the unique challenge holds across every instance. */
export class PgReportStore implements ReportStore {
  constructor(private readonly pool: pg.Pool) {}

  async add(report: NewStoredReport): Promise<StoredReport | null> {
    const { rows } = await this.pool.query<rec.ReportRow>(
      `INSERT INTO problem_reports (${rec.NEW_REPORT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (challenge) DO NOTHING RETURNING ${rec.REPORT_COLUMNS}`,
      rec.newReportValues(report),
    );
    return rows[0] ? rec.toReport(rows[0]) : null;
  }

  async countSince(machineId: string, since: string): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>(
      'SELECT count(*) FROM problem_reports WHERE machine_id = $1 AND created_at >= $2',
      [machineId, since],
    );
    return Number(rows[0]!.count);
  }

  async listOpen(limit: number): Promise<StoredReport[]> {
    const { rows } = await this.pool.query<rec.ReportRow>(
      `SELECT ${rec.REPORT_COLUMNS} FROM problem_reports WHERE state = 'open' ORDER BY id DESC LIMIT $1`,
      [limit],
    );
    return rows.map(rec.toReport);
  }
}
