import type { ApiMachine } from '../machines/repository';

export type MachineListener = (machine: ApiMachine) => void;

/** In-process fan-out of machine updates to the open event streams of this server. */
export class MachineBus {
  private readonly listeners = new Set<MachineListener>();

  subscribe(listener: MachineListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(machine: ApiMachine): void {
    for (const listener of this.listeners) listener(machine);
  }

  get size(): number {
    return this.listeners.size;
  }
}
