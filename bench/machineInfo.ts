import { cpus, loadavg, totalmem } from 'node:os';
import type { Browser } from 'puppeteer-core';

/** Where the numbers came from: they only compare within one machine and one run. */
export async function machineInfo(browser: Browser) {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model.trim() ?? 'unknown',
    cores: cpu.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    browser: await browser.version(),
    webgl: 'SwiftShader (software), --use-angle=swiftshader',
    node: process.version,
    date: new Date().toISOString(),
    /** Other work on the machine at the start (1-minute load average): the pages share what is left. */
    loadAverage: Number(loadavg()[0]!.toFixed(2)),
  };
}
