// A vitest reporter that writes what each test file cost (tests/.artifacts/file-costs.json): its project, wall time
// (import, setup and every hook and test), tests, and the page loads, server starts and CPU seconds it cost, which the
// browser fixture counts (tests/support/costCounter.ts). scripts/test-summary.ts prints it; docs/testing.md keeps a copy.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { COUNTS_DIR, COUNTS_RUN_ENV, type CountLine } from './costCounter';

export interface FileCost {
  project: string;
  file: string;
  seconds: number;
  tests: number;
  pageLoads: number;
  serverStarts: number;
  /** Its worker's CPU with the servers it started; a browser file's Chromium's too; PostgreSQL's own is not counted. */
  cpuSeconds: number;
}

const ROOT = join(import.meta.dirname, '../..');
export const FILE_COSTS = join(ROOT, 'tests/.artifacts/file-costs.json');

export default class FileCostReporter implements Reporter {
  private readonly countsDir = join(COUNTS_DIR, String(process.pid));

  onInit(): void {
    // The workers start after this and inherit it: their counts go to this run's folder.
    process.env[COUNTS_RUN_ENV] = String(process.pid);
    rmSync(this.countsDir, { recursive: true, force: true });
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    const counts = readCounts(this.countsDir);
    rmSync(this.countsDir, { recursive: true, force: true });
    const costs: FileCost[] = modules.map((module) => {
      const d = module.diagnostic();
      const file = relative(ROOT, module.moduleId);
      const counted = counts.get(countKey(module.project.name, file));
      return {
        project: module.project.name,
        file,
        seconds: round(
          (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000,
        ),
        tests: [...module.children.allTests()].length,
        pageLoads: counted?.page ?? 0,
        serverStarts: counted?.server ?? 0,
        cpuSeconds: round((counted?.browserCpu ?? 0) + (counted?.workerCpu ?? 0)),
      };
    });
    costs.sort((a, b) => b.seconds - a.seconds);
    mkdirSync(join(FILE_COSTS, '..'), { recursive: true });
    writeFileSync(FILE_COSTS, `${JSON.stringify(costs, null, 1)}\n`);
  }
}

type Counted = Record<CountLine['kind'], number>;

function readCounts(dir: string): Map<string, Counted> {
  const counts = new Map<string, Counted>();
  if (!existsSync(dir)) return counts;
  for (const name of readdirSync(dir)) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (!line) continue;
      const { project, file, kind, amount } = JSON.parse(line) as CountLine;
      const key = countKey(project, relative(ROOT, file));
      const entry = counts.get(key) ?? { page: 0, server: 0, browserCpu: 0, workerCpu: 0 };
      entry[kind] += amount;
      counts.set(key, entry);
    }
  }
  return counts;
}

const countKey = (project: string, file: string): string => `${project} ${file}`;

function round(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}
