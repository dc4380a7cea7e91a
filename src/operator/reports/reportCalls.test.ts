import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { parseOpenReports } from './reportCalls';

const report = (id: number, machineId: string, minute: number) => ({
  id,
  machineId,
  district: 'SHA TIN',
  kind: 'fullShownWithRoom',
  text: '<b>as typed</b>',
  createdAt: `2026-12-07T08:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('parseOpenReports', () => {
  it('groups the reports by machine, the machine reported last first, each newest first', () => {
    const groups = parseOpenReports({
      success: true,
      reports: [report(1, 'RVM-1', 1), report(2, 'RVM-2', 2), report(3, 'RVM-1', 3), report(4, 'RVM-3', 0)],
    });
    expect(groups.map((group) => [group.machineId, group.reports.map((r) => r.id)])).toEqual([
      ['RVM-1', [3, 1]],
      ['RVM-2', [2]],
      ['RVM-3', [4]],
    ]);
  });

  it('refuses a report of a kind the contract does not know, saying where', () => {
    const body = { success: true, reports: [{ ...report(1, 'RVM-1', 1), kind: 'jammed' }] };
    expect(() => parseOpenReports(body)).toThrow(ApiError);
    try {
      parseOpenReports(body);
    } catch (error) {
      expect(String((error as ApiError).cause)).toContain('answer.reports[0]');
    }
  });
});
