import type { CDPSession } from 'puppeteer-core';

/** The renderer's own counters (CDP Performance domain), in ms. */
export interface RendererCounters {
  scriptMs: number;
  taskMs: number;
}

export async function rendererCounters(cdp: CDPSession): Promise<RendererCounters> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => (metrics.find((m) => m.name === name)?.value ?? NaN) * 1000;
  return { scriptMs: value('ScriptDuration'), taskMs: value('TaskDuration') };
}

/** Live JS heap now, without collecting garbage first (cheap; the figure after load collects first). */
export async function usedHeapMB(cdp: CDPSession): Promise<number> {
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 2 ** 20;
}

/** The JS heap once garbage is collected: what the page keeps. */
export async function collectedHeapMB(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return usedHeapMB(cdp);
}
