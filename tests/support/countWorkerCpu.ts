// Setup file: the CPU a test file's worker spends from here (before the file is imported) to its last hook, with the
// servers and commands it started and waited for, goes into the run's cost table (fileCostReporter.ts).
import { afterAll } from 'vitest';
import { countCost } from './costCounter';
import { ownCpuSeconds } from './processCpu';

const cpuAtStart = ownCpuSeconds();
// Registered before the file's own hooks, so it runs after them: the servers they stop are counted.
afterAll(() => countCost('workerCpu', ownCpuSeconds() - cpuAtStart));
