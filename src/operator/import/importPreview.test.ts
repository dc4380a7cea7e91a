import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { pageOf, parsePreview, readChanged, readRef, readRejected, rowsToWrite, showFieldValue } from './importPreview';

const answer = {
  success: true,
  preview: {
    file: 'fleet.csv',
    rows: 4,
    counts: { added: 1, changed: 1, unchanged: 1, deactivated: 1, rejected: 1 },
    added: [{ rowNumber: 2, id: 'RVM-9', district: 'SHA TIN', name: { en: 'A', zht: '甲', zhs: '甲' } }],
    changed: [{ rowNumber: 3, id: 'RVM-1', changes: [{ field: 'deactivated', before: false, after: true }] }],
    unchanged: [{ rowNumber: 4, id: 'RVM-2' }],
    deactivated: [{ rowNumber: 3, id: 'RVM-1' }],
    rejected: [
      {
        rowNumber: 5,
        id: null,
        problems: [
          { field: null, code: 'notAnObject', params: {} },
          { field: 'district', code: 'outsideDistricts', params: { district: 'TAI PO', yours: 'SHA TIN' } },
        ],
        lines: ['row 5: is not an object'],
      },
    ],
    warnings: [],
    key: 'k',
  },
};

describe('parsePreview', () => {
  it('reads every kind of row when shown, a problem about the whole row with no field', () => {
    const preview = parsePreview(answer);
    expect(preview.counts).toEqual({ added: 1, changed: 1, deactivated: 1, unchanged: 1, rejected: 1 });
    expect(preview.rejected.flatMap(readRejected)[0]?.problems).toEqual([
      { field: '', code: 'notAnObject', params: {} },
      { field: 'district', code: 'outsideDistricts', params: { district: 'TAI PO', yours: 'SHA TIN' } },
    ]);
    expect(preview.changed.flatMap(readChanged)[0]?.changes).toEqual([
      { field: 'deactivated', before: false, after: true },
    ]);
    expect(rowsToWrite(preview)).toBe(2);
  });

  it('refuses a body without a preview, saying so; a malformed row is read as none when shown', () => {
    expect(() => parsePreview({ success: true })).toThrow(ApiError);
    const unchanged = [null, { id: 3 }, { id: 'X' }, { rowNumber: 7, id: 'Y' }];
    const preview = parsePreview({ ...answer, preview: { ...answer.preview, unchanged } });
    expect(preview.unchanged).toHaveLength(4);
    expect(preview.unchanged.flatMap(readRef)).toEqual([{ rowNumber: 7, id: 'Y' }]);
  });
});

describe('pageOf and showFieldValue', () => {
  it('pages a long list from page 1', () => {
    const rows = Array.from({ length: 120 }, (_, i) => i);
    expect(pageOf(rows, 1, 50)).toHaveLength(50);
    expect(pageOf(rows, 3, 50)).toEqual(rows.slice(100));
  });

  it('shows text as it is, nothing as ∅, the rest as JSON', () => {
    expect([showFieldValue('Full'), showFieldValue(null), showFieldValue(''), showFieldValue([22.3, 114])]).toEqual([
      'Full',
      '∅',
      '∅',
      '[22.3,114]',
    ]);
  });
});
