import { describe, expect, it } from 'vitest';
import type { ApiMachine } from '../../shared/contract/machine';
import { checkMachineRow } from '../../shared/contract/checkMachine';
import type { MachineRow } from '../../shared/contract/machineRow';
import { GOOD_ROW } from '../../tests/fixtures/machineRows';
import { deactivates, rowChanges } from './importDiff';

const rowOf = (patch: Record<string, unknown> = {}): MachineRow => {
  const checked = checkMachineRow({ ...GOOD_ROW, ...patch });
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return checked.row;
};
/** The machine a row gives once stored, as the API sends it back. */
function machineOf(row: MachineRow, patch: Record<string, unknown> = {}): ApiMachine {
  const { photo: _photo, extra, ...fields } = row;
  return { ...fields, ...extra, thumbnail: null, ...patch } as unknown as ApiMachine;
}

describe('rowChanges', () => {
  it('finds nothing between a row and the machine it made', () => {
    const row = rowOf({ note: 'by the gate', last_online: '2026-11-23T14:05:00+08:00' });
    expect(rowChanges(row, machineOf(row))).toEqual([]);
  });

  it('names each changed field with its value before and after, the kept fields last', () => {
    const row = rowOf({ status: 'Full', coordinates: [22.3, 114.2], note: 'new' });
    const machine = machineOf(rowOf(), { status: '>40%', coordinates: [22.28, 114.17], old: 1 });
    expect(rowChanges(row, machine)).toEqual([
      { field: 'coordinates', before: [22.28, 114.17], after: [22.3, 114.2] },
      { field: 'status', before: '>40%', after: 'Full' },
      { field: 'old', before: 1, after: null },
      { field: 'note', before: null, after: 'new' },
    ]);
  });

  it('ignores the photo a row names: it is stored apart', () => {
    const row = rowOf({ photo: 'rvm-001.png' });
    expect(rowChanges(row, machineOf(row, { picture: { id: 'a'.repeat(64) } }))).toEqual([]);
  });
});

describe('deactivates', () => {
  it('is true only for an active machine the row deactivates', () => {
    const off = rowOf({ deactivated: true });
    expect(deactivates(off, machineOf(rowOf()))).toBe(true);
    expect(deactivates(off, machineOf(off))).toBe(false);
    expect(deactivates(off, undefined)).toBe(false);
    expect(deactivates(rowOf(), machineOf(rowOf()))).toBe(false);
  });
});
