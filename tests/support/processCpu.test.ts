import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ownCpuSeconds, treeCpuSeconds } from './processCpu';

/** A child that spends `seconds` of CPU, then waits to be told to exit. */
function busyChild(seconds: number) {
  const script = `while (process.cpuUsage().user < ${seconds * 1e6}); process.stdout.write('done'); process.stdin.resume();`;
  return spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
}

describe('CPU read from /proc', () => {
  it("counts a running child in its parent's tree, and in the parent's own once it has been waited for", async () => {
    const ownBefore = ownCpuSeconds();
    const treeBefore = treeCpuSeconds(process.pid);
    const child = busyChild(0.4);
    await once(child.stdout, 'data');
    expect(treeCpuSeconds(process.pid) - treeBefore).toBeGreaterThanOrEqual(0.4);
    child.stdin.end();
    await once(child, 'exit');
    expect(ownCpuSeconds() - ownBefore).toBeGreaterThanOrEqual(0.4);
  });

  it('reads 0 for a process that is not there', () => {
    expect(treeCpuSeconds(2 ** 30)).toBe(0);
  });
});
