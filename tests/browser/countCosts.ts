// Setup file of the browser project: each page load and server start is counted against its test file (the CPU of
// its worker by countWorkerCpu.ts, of its Chromium by browserLease.ts).
import { listenToCosts } from '../../testkit/browser/harness';
import { countCost } from '../support/costCounter';

listenToCosts(countCost);
