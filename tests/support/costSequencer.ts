// Vitest's file order for `npm test`: within each group (the browser project after the others), the files that cost
// most start first, whatever their project, so that no worker is left with a long file at the end while the others
// idle. Costs come from tests/support/file-costs.json, the wall times of a whole run (`npm run test:costs` keeps the
// last run's); a file it does not know yet counts as a median one.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const ROOT = join(import.meta.dirname, '../..');
export const KEPT_COSTS = join(ROOT, 'tests/support/file-costs.json');

export interface KeptCost {
  project: string;
  file: string;
  seconds: number;
}

export const costKey = (project: string, file: string): string => `${project}:${file}`;

/** The kept costs, or none when the file is missing or unreadable (the order then falls back to project and path). */
export function readKeptCostList(path = KEPT_COSTS): KeptCost[] {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as KeptCost[];
  } catch {
    return [];
  }
}

export function readKeptCosts(path = KEPT_COSTS): Map<string, number> {
  return new Map(readKeptCostList(path).map((cost) => [costKey(cost.project, cost.file), cost.seconds]));
}

/** The median of the known costs: what a file not measured yet is taken to cost. */
export function medianCost(costs: ReadonlyMap<string, number>): number {
  const sorted = [...costs.values()].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!;
}

/** Longest first within a group, the group order kept; ties in project and path order, so the order is stable. */
export function orderByCost<T extends { group: number; project: string; file: string }>(
  files: readonly T[],
  costs: ReadonlyMap<string, number>,
): T[] {
  const unknown = medianCost(costs);
  const cost = (f: T): number => costs.get(costKey(f.project, f.file)) ?? unknown;
  return [...files].sort(
    (a, b) =>
      a.group - b.group || cost(b) - cost(a) || a.project.localeCompare(b.project) || a.file.localeCompare(b.file),
  );
}

export default class CostSequencer extends BaseSequencer {
  override async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
    const costs = readKeptCosts();
    const files = specs.map((spec) => ({
      spec,
      group: spec.project.config.sequence.groupOrder,
      project: spec.project.name,
      file: relative(ROOT, spec.moduleId),
    }));
    return orderByCost(files, costs).map((f) => f.spec);
  }
}
