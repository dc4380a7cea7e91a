import { describe, expect, it } from 'vitest';
import type { ApiMachine } from '../../shared/contract/machine';
import { checkMachineRow } from '../../shared/contract/checkMachine';
import { collect, GOOD_ROW } from '../../tests/fixtures/machineRows';
import { exportCell, readCell } from './csvCell';
import { machineRowsFromCsv } from './csvRows';
import { rowChanges } from './importDiff';
import { machinesCsv } from './machineCsv';

/** A machine as the API sends it: the good row's fields, the feed's, no photo. */
const machine = (patch: Record<string, unknown> = {}): ApiMachine =>
  ({
    ...GOOD_ROW,
    opening_hours: null,
    bin_count: null,
    bin_count_full_threshold: null,
    deactivated: false,
    last_emptied_at: null,
    last_online: null,
    last_full: null,
    thumbnail: null,
    ...patch,
  }) as unknown as ApiMachine;

describe('machinesCsv: the export the import reads back unchanged', () => {
  it('gives rows that check and compare equal to their machines: commas, quotes, formulas, kept fields', async () => {
    const machines = [
      machine({ id: 'RVM-1', name_en: 'The "Gate", east', address_en: 'Line one\nline two' }),
      machine({ id: 'RVM-2', name_en: '=HYPERLINK("x")', service_status: -1, deactivated: true, note: '+852 1234' }),
      machine({ id: 'RVM-3', bin_count: 3, bin_count_full_threshold: 2, last_full: '2026-11-23T05:00:00.000Z' }),
      machine({ id: 'RVM-4', sensor: { model: 'RX-2', readings: [1, null] } }),
    ];
    const csv = [...machinesCsv(machines)].join('');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    const rows = await collect(machineRowsFromCsv(csv));
    expect(rows).toHaveLength(machines.length);
    rows.forEach(({ value }, i) => {
      const checked = checkMachineRow(value);
      if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
      expect(rowChanges(checked.row, machines[i]!), machines[i]!.id).toEqual([]);
    });
  });
});

describe('exportCell and readCell', () => {
  it.each([
    ['text', 'plain', 'plain'],
    ['a number', 22.2783, '22.2783'],
    ['true', true, 'true'],
    ['null', null, ''],
    ['a quote', 'say "hi"', '"say ""hi"""'],
    ['a formula', '=1+1', `"'=1+1"`],
    ['a negative number', -1, `"'-1"`],
    ['an object', { a: 1 }, '"{""a"":1}"'],
  ])('writes %s', (_name, value, cell) => {
    expect(exportCell(value)).toBe(cell);
  });

  it("reads a marked formula without its ', and leaves any other ' alone", () => {
    expect(readCell("'=1+1")).toBe('=1+1');
    expect(readCell("'-1")).toBe('-1');
    expect(readCell("'quoted'")).toBe("'quoted'");
  });
});
