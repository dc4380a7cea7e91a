import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DISTRICTS, LOCALIZED_TEXTS, localizedField } from '../../shared/contract/machine';
import { rowsFromJson } from './readRows';
import { validateMachineRows, type MachineRow } from './validate';

/**
 * The shipped demo data (assets/demo/machines.json): valid for the server, as every imported file must be, and
 * good as a demo, which no validator asks for (every district covered, each script its own). That the page reads
 * its opening hours: src/openNow/demoOpeningHours.test.ts.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const checked = validateMachineRows(
  rowsFromJson(fs.readFileSync(path.join(ROOT, 'assets/demo/machines.json'), 'utf8')),
);
const rows: MachineRow[] = checked.ok ? checked.rows : [];

/** Characters only Traditional Chinese uses: none may appear in a `_zhs` field, and the reverse. */
const TRADITIONAL_ONLY = new Set(
  '東灣環場區號廣龍門體飯園臺國會車醫學馬鐵樂華廳館運動開關島灘頭嶺圖書長貢將軍觀鑽蓮橋業興營鄉綜劇達時間鴨葉雲鳳紅聖壩窩碼',
);
const SIMPLIFIED_ONLY = new Set(
  '东湾环场区号广龙门体饭园国会车医学马铁乐华厅馆运动开关岛滩头岭图书长贡将军观钻莲桥业兴营乡综剧达时间鸭叶云凤红圣坝窝码',
);
const TIME_SPAN = /\b([01]\d|2[0-4]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d\b/g;
const spans = (text: string) => [...text.matchAll(TIME_SPAN)].map((m) => m[0]).sort();

describe('the demo data', () => {
  it('passes the server’s validator', () => {
    expect(checked.ok ? [] : checked.errors).toEqual([]);
  });

  it('covers every district with at least 4 machines, at distinct places and names, each photo on disk', () => {
    expect(rows.length).toBeGreaterThanOrEqual(120);
    for (const district of DISTRICTS) {
      expect(rows.filter((r) => r.district === district).length, district).toBeGreaterThanOrEqual(4);
    }
    expect(new Set(rows.map((r) => r.coordinates.join())).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.name_en)).size).toBe(rows.length);
    const photos = rows.filter((r) => r.photo !== null);
    expect(photos.length * 3).toBeGreaterThan(rows.length);
    for (const { id, photo } of photos) expect(fs.existsSync(path.join(ROOT, 'assets/photos', photo!)), id).toBe(true);
  });

  it('has opening hours with the same times in the three service hour texts', () => {
    for (const row of rows) {
      expect(row.opening_hours, row.id).not.toBeNull();
      const times = spans(row.opening_hours!.replace(/,(?=\d)/g, ' '));
      for (const locale of ['en', 'zht', 'zhs'] as const) {
        const text = row[localizedField('service_hour', locale)];
        expect(spans(text), `${row.id}: ${text}`).toEqual(times);
      }
    }
  });

  it('writes Traditional Chinese in _zht fields and Simplified in _zhs fields', () => {
    for (const row of rows) {
      for (const text of LOCALIZED_TEXTS) {
        const zht = localizedField(text, 'zht');
        const zhs = localizedField(text, 'zhs');
        expect(
          [...row[zht]].filter((c) => SIMPLIFIED_ONLY.has(c)),
          `${row.id} ${zht}`,
        ).toEqual([]);
        expect(
          [...row[zhs]].filter((c) => TRADITIONAL_ONLY.has(c)),
          `${row.id} ${zhs}`,
        ).toEqual([]);
      }
    }
  });
});
