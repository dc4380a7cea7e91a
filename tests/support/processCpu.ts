// CPU time of processes, read from Linux's /proc: a browser file's cost is its worker's (with the servers it started
// and stopped) and its Chromium's (the browser, GPU and renderer processes, and those already gone).
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface ProcStat {
  ppid: number;
  /** utime + stime + cutime + cstime, in clock ticks: the process's own and its reaped children's. */
  ticks: number;
}

function readStat(pid: number | 'self'): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: the fields start after its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
    return { ppid: Number(fields[1]), ticks: utime! + stime! + cutime! + cstime! };
  } catch {
    return null;
  }
}

/** This process's CPU seconds, with its children that have exited and been waited for. */
export function ownCpuSeconds(): number {
  return (readStat('self')?.ticks ?? 0) / TICKS_PER_SECOND;
}

/** The CPU seconds of `root` and every process below it; 0 where /proc cannot be read (not Linux). */
export function treeCpuSeconds(root: number): number {
  let stats: Map<number, ProcStat>;
  try {
    stats = new Map(
      readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .map((name) => [Number(name), readStat(Number(name))] as const)
        .filter((entry): entry is [number, ProcStat] => entry[1] !== null),
    );
  } catch {
    return 0;
  }
  const inTree = new Set([root]);
  let ticks = 0;
  // Children have higher pids than their parents only usually: repeat until no process joins the tree.
  for (let grown = true; grown;) {
    grown = false;
    for (const [pid, stat] of stats) {
      if (inTree.has(pid) || !inTree.has(stat.ppid)) continue;
      inTree.add(pid);
      grown = true;
    }
  }
  for (const pid of inTree) ticks += stats.get(pid)?.ticks ?? 0;
  return ticks / TICKS_PER_SECOND;
}
