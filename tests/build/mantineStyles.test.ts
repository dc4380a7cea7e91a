import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST } from './dist';

const ASSETS = path.join(DIST, 'assets');
const MANTINE_CLASS = /\bm_[0-9a-f]{6,8}\b/g;
const classesIn = (extension: RegExp): Set<string> =>
  new Set(
    readdirSync(ASSETS)
      .filter((name) => extension.test(name))
      .flatMap((name) => readFileSync(path.join(ASSETS, name), 'utf8').match(MANTINE_CLASS) ?? []),
  );

describe("Mantine's styles (src/mantineStyles.css)", () => {
  it("define every Mantine class the page's scripts use", () => {
    const used = classesIn(/\.m?js$/);
    const styled = classesIn(/\.css$/);
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((name) => !styled.has(name))).toEqual([]);
  });
});
