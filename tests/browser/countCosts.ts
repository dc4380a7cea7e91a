// Setup file of the browser project: each page load and server start is counted against its test file, and the CPU
// its worker spent from here (before the file is imported) to its last hook, with the servers it started and stopped.
import { afterAll } from 'vitest';
import { listenToCosts } from '../../testkit/browser/harness';
import { countCost } from '../support/costCounter';
import { ownCpuSeconds } from '../support/processCpu';

listenToCosts(countCost);
const cpuAtStart = ownCpuSeconds();
// Registered before the file's own hooks, so it runs after them: the servers they stop are counted.
afterAll(() => countCost('workerCpu', ownCpuSeconds() - cpuAtStart));
