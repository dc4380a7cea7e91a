import type pg from 'pg';
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

  async get(id: number): Promise<StoredReport | null> {
    const { rows } = await this.pool.query<rec.ReportRow>(
      `SELECT ${rec.REPORT_COLUMNS} FROM problem_reports WHERE id = $1`,
      [id],
    );
    return rows[0] ? rec.toReport(rows[0]) : null;
  }

  async close(selection: ReportSelection, closing: ReportClosing): Promise<StoredReport[]> {
    const [where, value] = 'id' in selection ? ['id = $6', selection.id] : ['machine_id = $6', selection.machineId];
    const { rows } = await this.pool.query<rec.ReportRow>(
      `UPDATE problem_reports SET state = $1, note = $2, closed_at = $3, closed_by = $4, closed_by_kind = $5
       WHERE state = 'open' AND ${where} RETURNING ${rec.REPORT_COLUMNS}`,
      [closing.outcome, closing.note, closing.at, closing.by, closing.byKind, value],
    );
    return rows.map(rec.toReport).sort((a, b) => b.id - a.id);
  }

  async listClosed(limit: number, machineId: string | null): Promise<StoredReport[]> {
    const { rows } = await this.pool.query<rec.ReportRow>(
      `SELECT ${rec.REPORT_COLUMNS} FROM problem_reports
       WHERE state <> 'open' AND ($1::text IS NULL OR machine_id = $1)
       ORDER BY closed_at DESC, id DESC LIMIT $2`,
      [machineId, limit],
    );
    return rows.map(rec.toReport);
  }

  async openCounts(): Promise<{ machineId: string; district: string; count: number }[]> {
    const { rows } = await this.pool.query<{ machine_id: string; district: string; count: string }>(
      `SELECT machine_id, district, count(*) AS count FROM problem_reports WHERE state = 'open'
       GROUP BY machine_id, district`,
    );
    return rows.map((row) => ({ machineId: row.machine_id, district: row.district, count: Number(row.count) }));
  }

  async openOfKindSince(kind: ReportKind, since: string): Promise<ReportMoment[]> {
    const { rows } = await this.pool.query<{ machine_id: string; created_at: string }>(
      `SELECT machine_id, created_at FROM problem_reports
       WHERE state = 'open' AND kind = $1 AND created_at >= $2 ORDER BY created_at, id`,
      [kind, since],
    );
    return rows.map((row) => ({ machineId: row.machine_id, createdAt: row.created_at }));
  }

  async prune(before: string): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM problem_reports WHERE created_at < $1', [before]);
    return rowCount ?? 0;
  }
}
