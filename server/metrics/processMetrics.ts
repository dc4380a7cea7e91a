import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | null = null;

/**
 * prom-client's default metrics (memory, CPU, event loop lag, GC, handles): one set per process, made on first use.
 * They watch the process through observers that cannot be removed, so every app in a process (the tests build
 * many) reads the same set rather than adding one each.
 */
export function processMetrics(): Registry {
  if (processRegistry === null) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
