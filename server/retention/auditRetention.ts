import type { Engine } from '../db/engine';
import { startHourlyPruning } from './hourlyPruning';

/** Prunes the audit now and then every hour while the server runs (startHourlyPruning). */
export function startAuditPruning(
  engine: Engine,
  retentionDays: number,
  warn: (message: string) => void,
): Promise<() => void> {
  return startHourlyPruning('audit retention', () => engine.pruneAudit(retentionDays), warn);
}
