import { describe, expect, it } from 'vitest';
import { costKey, medianCost, orderByCost } from './costSequencer';

const file = (group: number, project: string, name: string) => ({ group, project, file: `tests/${name}.test.ts` });
const costs = new Map([
  [costKey('server', 'tests/a.test.ts'), 5],
  [costKey('server', 'tests/e.test.ts'), 20],
  [costKey('pg', 'tests/f.test.ts'), 30],
  [costKey('unit', 'tests/old.test.ts'), 1],
  [costKey('pg', 'tests/b.test.ts'), 60],
  [costKey('server-pg', 'tests/a.test.ts'), 40],
  [costKey('browser', 'tests/c.test.ts'), 150],
  [costKey('browser', 'tests/d.test.ts'), 10],
]);

describe('the order npm test starts its files in', () => {
  it('keeps each project’s files together, the project with the costliest file first, and the browser group last', () => {
    const files = [
      file(1, 'browser', 'd'),
      file(0, 'server', 'a'),
      file(0, 'server', 'e'),
      file(1, 'browser', 'c'),
      file(0, 'server-pg', 'a'),
      file(0, 'pg', 'b'),
      file(0, 'pg', 'f'),
    ];
    expect(orderByCost(files, costs).map((f) => costKey(f.project, f.file))).toEqual([
      'pg:tests/b.test.ts',
      'pg:tests/f.test.ts',
      'server-pg:tests/a.test.ts',
      'server:tests/e.test.ts',
      'server:tests/a.test.ts',
      'browser:tests/c.test.ts',
      'browser:tests/d.test.ts',
    ]);
  });

  it('takes a file it has not measured as a median one', () => {
    expect(medianCost(costs)).toBe(30);
    const order = orderByCost([file(0, 'unit', 'new'), file(0, 'unit', 'old'), file(0, 'pg', 'b')], costs);
    expect(order.map((f) => costKey(f.project, f.file))).toEqual([
      'pg:tests/b.test.ts',
      'unit:tests/new.test.ts',
      'unit:tests/old.test.ts',
    ]);
  });

  it('is stable on equal costs and without any costs kept', () => {
    const files = [file(0, 'unit', 'z'), file(0, 'server', 'y'), file(0, 'server', 'x')];
    expect(orderByCost(files, new Map()).map((f) => costKey(f.project, f.file))).toEqual([
      'server:tests/x.test.ts',
      'server:tests/y.test.ts',
      'unit:tests/z.test.ts',
    ]);
    expect(medianCost(new Map())).toBe(0);
  });
});
