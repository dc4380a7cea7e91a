import type { Executor } from '../executor';
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

  async get(id: number): Promise<StoredReport | null> {
    const row = await this.db.get<rec.ReportRow>(`SELECT ${rec.REPORT_COLUMNS} FROM problem_reports WHERE id = ?`, [
      id,
    ]);
    return row ? rec.toReport(row) : null;
  }

  async close(selection: ReportSelection, closing: ReportClosing): Promise<StoredReport[]> {
    const [where, value] = 'id' in selection ? ['id = ?', selection.id] : ['machine_id = ?', selection.machineId];
    const rows = await this.db.all<rec.ReportRow>(
      `UPDATE problem_reports SET state = ?, note = ?, closed_at = ?, closed_by = ?, closed_by_kind = ?
       WHERE state = 'open' AND ${where} RETURNING ${rec.REPORT_COLUMNS}`,
      [closing.outcome, closing.note, closing.at, closing.by, closing.byKind, value],
    );
    return rows.map(rec.toReport).sort((a, b) => b.id - a.id);
  }

  async listClosed(limit: number, machineId: string | null): Promise<StoredReport[]> {
    const rows = await this.db.all<rec.ReportRow>(
      `SELECT ${rec.REPORT_COLUMNS} FROM problem_reports
       WHERE state <> 'open' AND (CAST(? AS text) IS NULL OR machine_id = ?)
       ORDER BY closed_at DESC, id DESC LIMIT ?`,
      [machineId, machineId, limit],
    );
    return rows.map(rec.toReport);
  }

  async openCounts(): Promise<{ machineId: string; district: string; count: number }[]> {
    const rows = await this.db.all<{ machine_id: string; district: string; count: number | string }>(
      `SELECT machine_id, district, count(*) AS count FROM problem_reports WHERE state = 'open'
       GROUP BY machine_id, district`,
    );
    return rows.map((row) => ({ machineId: row.machine_id, district: row.district, count: Number(row.count) }));
  }

  async openOfKindSince(kind: ReportKind, since: string): Promise<ReportMoment[]> {
    const rows = await this.db.all<{ machine_id: string; created_at: string }>(
      `SELECT machine_id, created_at FROM problem_reports
       WHERE state = 'open' AND kind = ? AND created_at >= ? ORDER BY created_at, id`,
      [kind, since],
    );
    return rows.map((row) => ({ machineId: row.machine_id, createdAt: row.created_at }));
  }

  prune(before: string): Promise<number> {
    return this.db.run('DELETE FROM problem_reports WHERE created_at < ?', [before]);
  }
}
