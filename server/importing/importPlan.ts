import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { ApiMachine } from '../../shared/contract/machine';
import { problem } from '../../shared/contract/problems';
import { reachesDistrict, type Caller } from '../accounts/access';
import type { Engine } from '../db/engine';
import { deactivates, rowChanges, type FieldChange } from '../machines/importDiff';
import { problemLines, type MachineRow, type RejectedRow } from '../machines/validate';
import { checkImportFile } from './importRows';
import { unsentPhotoWarning } from './photos';

/** A row that adds a machine: enough to recognise it in a table. */
export interface AddedRow {
  rowNumber: number;
  id: string;
  district: string;
  name: { en: string; zht: string; zhs: string };
}

export interface ChangedRow {
  rowNumber: number;
  id: string;
  changes: FieldChange[];
}

export interface UnchangedRow {
  rowNumber: number;
  id: string;
}

/**
 * What an import would do, row by row, before anything is written: the command's check of every row, then each good
 * row against the machine it would replace. `key` names this outcome: applying refuses when it no longer holds.
 */
export interface ImportPlan {
  rows: number;
  added: AddedRow[];
  changed: ChangedRow[];
  unchanged: UnchangedRow[];
  /** Changed rows that deactivate a machine active now (also in `changed`). */
  deactivated: UnchangedRow[];
  rejected: RejectedRow[];
  warnings: string[];
  /** The rows applying would write: the added and the changed. */
  toWrite: MachineRow[];
  key: string;
}

export type PlanResult = { ok: true; plan: ImportPlan } | { ok: false; errors: string[] };

/** A row whose machine, now or after it, is in a district the caller may not change. */
function outsideDistricts(
  caller: Pick<Caller, 'districts'>,
  rowNumber: number,
  row: MachineRow,
  machine: ApiMachine | undefined,
): RejectedRow | null {
  const district = [row.district, machine?.district].find((one) => one !== undefined && !reachesDistrict(caller, one));
  if (district === undefined) return null;
  const problems = [problem('district', 'outsideDistricts', { district, yours: caller.districts.join(', ') })];
  return { rowNumber, id: row.id, problems, lines: problemLines(row, rowNumber, problems) };
}

async function fileDigest(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Reads and checks `file` as the import command does (`checkImportFile`), comparing each good row with the machine it
 * would replace as it is read. A caller limited to districts has the rows of other districts refused, each with its
 * reason, as the command's rules refuse a bad row. Nothing is written. Only what the preview shows is kept of each
 * row, unless `keepRows` (applying) keeps the rows to write.
 */
export async function planImport(
  file: string,
  engine: Engine,
  caller: Pick<Caller, 'districts'>,
  { keepRows }: { keepRows: boolean },
): Promise<PlanResult> {
  const machines = new Map((await engine.listMachines()).map((machine) => [machine.id, machine]));
  const plan: ImportPlan = {
    rows: 0,
    added: [],
    changed: [],
    unchanged: [],
    deactivated: [],
    rejected: [],
    warnings: [],
    toWrite: [],
    key: '',
  };
  const write = (row: MachineRow) => {
    if (keepRows) plan.toWrite.push(row);
  };
  const read = await checkImportFile(file, undefined, ({ rowNumber, row }) => {
    const machine = machines.get(row.id);
    const refused = outsideDistricts(caller, rowNumber, row, machine);
    if (refused) {
      plan.rejected.push(refused);
      return;
    }
    if (row.photo) plan.warnings.push(unsentPhotoWarning(row.id, row.photo));
    if (!machine) {
      const name = { en: row.name_en, zht: row.name_zht, zhs: row.name_zhs };
      plan.added.push({ rowNumber, id: row.id, district: row.district, name });
      write(row);
      return;
    }
    const changes = rowChanges(row, machine);
    if (changes.length === 0) {
      plan.unchanged.push({ rowNumber, id: row.id });
      return;
    }
    plan.changed.push({ rowNumber, id: row.id, changes });
    if (deactivates(row, machine)) plan.deactivated.push({ rowNumber, id: row.id });
    write(row);
  });
  if (!read.ok) return read;
  plan.rows = read.check.count;
  plan.rejected.push(...read.check.rejected);
  plan.rejected.sort((a, b) => a.rowNumber - b.rowNumber);
  plan.key = createHash('sha256')
    .update(await fileDigest(file))
    .update(JSON.stringify([plan.added.map((row) => row.id), plan.changed, plan.rejected.map((row) => row.rowNumber)]))
    .digest('hex');
  return { ok: true, plan };
}
