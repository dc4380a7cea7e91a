import { describe, expect, it } from 'vitest';
import type { Machine } from '../machines/machine';
import { packMachines } from '../filters/packedMachines';
import { boundsOfMachines, boundsOfPositions } from './bounds';

const at = (lat: number, lng: number) => ({ coordinates: [lat, lng] }) as Machine;

describe('bounds of machines', () => {
  const machines = [at(22.3, 114.2), at(22.2, 114.0), at(22.5, 114.1)];

  it('is the box around them, or null for none', () => {
    expect(boundsOfMachines(machines)).toEqual([
      [114.0, 22.2],
      [114.2, 22.5],
    ]);
    expect(boundsOfMachines([])).toBeNull();
  });

  it('is the same from the packed positions of the chosen indices', () => {
    const { positions } = packMachines(machines.map((m) => ({ ...m, status: null, area: null, district: null }) as Machine));
    expect(boundsOfPositions(positions, Uint32Array.of(0, 1, 2))).toEqual(boundsOfMachines(machines));
    expect(boundsOfPositions(positions, Uint32Array.of(0, 2))).toEqual(boundsOfMachines([machines[0]!, machines[2]!]));
    expect(boundsOfPositions(positions, new Uint32Array(0))).toBeNull();
  });
});
