import type { ApiMachine } from '../machines/repository';

export type MachineListener = (machine: ApiMachine) => void;

/** What open pages hear of an import: enough to know the list changed, nothing of who or which file. */
export interface ImportNotice {
  at: string;
  inserted: number;
  updated: number;
}
export type ImportListener = (notice: ImportNotice) => void;

/** In-process fan-out of machine updates and imports to the open event streams of this server. */
export class MachineBus {
  private readonly listeners = new Set<MachineListener>();
  private readonly importListeners = new Set<ImportListener>();

  subscribe(listener: MachineListener, onImport?: ImportListener): () => void {
    this.listeners.add(listener);
    if (onImport) this.importListeners.add(onImport);
    return () => {
      this.listeners.delete(listener);
      if (onImport) this.importListeners.delete(onImport);
    };
  }

  publish(machine: ApiMachine): void {
    for (const listener of this.listeners) listener(machine);
  }

  publishImport(notice: ImportNotice): void {
    for (const listener of this.importListeners) listener(notice);
  }

  get size(): number {
    return this.listeners.size;
  }
}
