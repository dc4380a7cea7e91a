import { describe, expect, it } from 'vitest';
import type { Machine } from '../../shared/machine';
import { packMachines } from '../machines/packedMachines';
import { boundsOfPositions } from './bounds';

const at = (lat: number, lng: number) => ({ coordinates: [lat, lng] }) as Machine;

describe('bounds of machines', () => {
  const machines = [at(22.3, 114.2), at(22.2, 114.0), at(22.5, 114.1)];

  const packedPositions = (list: readonly Machine[]) =>
    packMachines(list.map((m) => ({ ...m, status: null, area: null, district: null }) as Machine)).positions;

  it('is the box around them all, or null for none', () => {
    expect(boundsOfPositions(packedPositions(machines), null)).toEqual([
      [114.0, 22.2],
      [114.2, 22.5],
    ]);
    expect(boundsOfPositions(packedPositions([]), null)).toBeNull();
  });

  it('is the box around the chosen indices only', () => {
    const positions = packedPositions(machines);
    expect(boundsOfPositions(positions, Uint32Array.of(0, 1, 2))).toEqual([
      [114.0, 22.2],
      [114.2, 22.5],
    ]);
    expect(boundsOfPositions(positions, Uint32Array.of(0, 2))).toEqual([
      [114.1, 22.3],
      [114.2, 22.5],
    ]);
    expect(boundsOfPositions(positions, new Uint32Array(0))).toBeNull();
  });
});
