import { cpus, loadavg, totalmem } from 'node:os';
import type { Browser } from 'puppeteer-core';

/** The WebGL renderer the browser reports, e.g. "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device ...))". */
async function webglRenderer(browser: Browser): Promise<string> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      if (!gl) return 'no WebGL2';
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    });
  } finally {
    await page.close();
  }
}

/** Where the numbers came from: they only compare within one machine and one run. */
export async function machineInfo(browser: Browser, glArgs: readonly string[]) {
  const cpu = cpus();
  const renderer = await webglRenderer(browser);
  return {
    cpu: cpu[0]?.model.trim() ?? 'unknown',
    cores: cpu.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    browser: await browser.version(),
    webgl: `${renderer}${/swiftshader/i.test(renderer) ? ' (software)' : ''}, ${glArgs.join(' ')}`,
    node: process.version,
    date: new Date().toISOString(),
    /** Other work on the machine at the start (1-minute load average): the pages share what is left. */
    loadAverage: Number(loadavg()[0]!.toFixed(2)),
  };
}
