import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST } from './dist';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('/favicon.ico, which browsers and crawlers ask for by themselves', () => {
  it("is in the build: an icon file holding the page's own icon, the available marker", () => {
    const icon = readFileSync(path.join(DIST, 'favicon.ico'));
    expect([...icon.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]); // ICO, one image
    const png = readFileSync(path.join(ROOT, 'assets/markers/available.png'));
    expect(icon.subarray(icon.readUInt32LE(18))).toEqual(png);
  });
});
