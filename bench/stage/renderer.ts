import type { CodeCriteria } from '../../src/filters/filterResult';
import { displayStateOf } from '../../src/machines/displayState';
import type { Machine } from '../../shared/machine';

/**
 * One way of drawing the machines, as the stage drives it. Every change resolves with the machines shown once
 * the frame showing them is on screen and the GPU has drawn it.
 */
export interface StageRenderer {
  /** The first frame with every marker. */
  ready: Promise<void>;
  applyCodes(codes: CodeCriteria): Promise<number>;
  /** The search text as the search box's debounce hands it on. */
  search(text: string): Promise<number>;
  /** One machine's status changes (`statusTurnedOver`). */
  liveChange(): Promise<number>;
  /** What a person drags and wheels over. */
  surface(): HTMLElement;
  /** Calls `listener` whenever the map draws, to tell when it is quiet. */
  onDraw(listener: () => void): void;
  /** Hides or shows what the page has besides the map (ours: its panel and legend). */
  setChrome?(shown: boolean): Promise<void>;
}

export type StartRenderer = (machines: Machine[], root: HTMLElement) => StageRenderer;

/** A machine from the middle of the list whose marker shows its status, with that status turned over (Full or not). */
export function statusTurnedOver(machines: readonly Machine[]): { row: number; machine: Machine } {
  const start = machines.length >> 1;
  for (let k = 0; k < machines.length; k++) {
    const row = (start + k) % machines.length;
    const machine = machines[row]!;
    const state = displayStateOf(machine);
    if (state === 'maintenance') continue;
    return { row, machine: { ...machine, status: state === 'full' ? '>40%' : 'Full' } };
  }
  throw new Error('no machine shows a status');
}
