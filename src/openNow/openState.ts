import type { Machine } from '../../shared/machine';
import { scheduleOf } from './openingHours';

/**
 * Whether a machine may be open at `at`: closed only when its structured hours say so. A machine
 * without structured hours is not shown as closed: its free-text hours are all anyone knows.
 */
export function mayBeOpen(machine: Pick<Machine, 'opening_hours'>, at: Date): boolean {
  return scheduleOf(machine.opening_hours)?.isOpen(at) ?? true;
}

/** `mayBeOpen` for every machine as 1/0, evaluating each distinct opening_hours value once. */
export function openFlagsOf(machines: readonly Machine[], at: Date): Uint8Array {
  const flags = new Uint8Array(machines.length);
  const byValue = new Map<string | null | undefined, number>();
  for (let i = 0; i < machines.length; i++) {
    const value = machines[i]!.opening_hours;
    let flag = byValue.get(value);
    if (flag === undefined) {
      flag = mayBeOpen({ opening_hours: value }, at) ? 1 : 0;
      byValue.set(value, flag);
    }
    flags[i] = flag;
  }
  return flags;
}
