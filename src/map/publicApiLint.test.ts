import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function problems(code: string, filePath = 'src/map/Example.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, filePath) });
  return result!.messages.filter((m) => m.ruleId?.startsWith('no-restricted')).map((m) => m.message);
}

// ESLint loads its config and parsers on the first lint: seconds on a busy machine.
describe('the map libraries through their public APIs only (lint)', { timeout: 60_000 }, () => {
  it.each([
    ['a private member', 'export const t = (map: { _camera: unknown }) => map._camera;'],
    ['a private member by name', "export const t = (map: Record<string, unknown>) => map['_renderTaskQueue'];"],
    ["MapLibre's painter", 'export const gl = (map: { painter: unknown }) => map.painter;'],
    ["deck.gl's layer manager", 'export const lm = (deck: { layerManager: unknown }) => deck.layerManager;'],
    ['a double cast in the map code', 'export const x = (map: object) => map as unknown as { a: 1 };'],
    ['a deep import', "import { x } from '@deck.gl/core/dist/lib/deck';\nexport { x };"],
  ])('refuses %s', async (_what, code) => {
    expect(await problems(code)).toHaveLength(1);
  });

  it('refuses private members anywhere in the page, not only in the map', async () => {
    expect(await problems('export const t = (m: { _x: number }) => m._x;', 'src/filters/Example.ts')).toHaveLength(1);
  });

  it("lets public calls and the page's own runtime config through", async () => {
    const code = [
      'export const a = (map: { getCanvas(): HTMLCanvasElement }) => map.getCanvas().style.cursor;',
      'export const b = () => window.__RVM_CONFIG__;',
    ].join('\n');
    expect(await problems(code)).toEqual([]);
  });
});
