// Vitest's file order for `npm test`: within each group (the browser project after the others), one project's files
// after another's, and within a project the files that cost most first. A worker that passes from one project's file
// to another's is started again and imports its modules afresh (unit and server side by side, interleaved: 134 s and
// 248 CPU s; one project after the other: 80 s and 150 CPU s). The projects go in the order of their costliest file,
// so the long ones start first and the short ones fill the end. Costs come from tests/support/file-costs.json, the
// wall times of a whole run (`npm run test:costs` keeps the last run's); a file it does not know yet counts as a
// median one.
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

/**
 * Within a group (the group order kept), each project's files together, the projects in the order of their costliest
 * file and each one's files longest first; ties in project and path order, so the order is stable.
 */
export function orderByCost<T extends { group: number; project: string; file: string }>(
  files: readonly T[],
  costs: ReadonlyMap<string, number>,
): T[] {
  const unknown = medianCost(costs);
  const cost = (f: T): number => costs.get(costKey(f.project, f.file)) ?? unknown;
  const costliest = new Map<string, number>();
  for (const f of files) costliest.set(f.project, Math.max(costliest.get(f.project) ?? 0, cost(f)));
  return [...files].sort(
    (a, b) =>
      a.group - b.group ||
      costliest.get(b.project)! - costliest.get(a.project)! ||
      a.project.localeCompare(b.project) ||
      cost(b) - cost(a) ||
      a.file.localeCompare(b.file),
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
