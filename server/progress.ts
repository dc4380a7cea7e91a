/** Units a long command counts its work in. */
export type ProgressUnit = 'rows' | 'bytes' | 'photos';

/**
 * Where a long piece of work (an import, a backup, a copy) says how far it is: a phase at a time, with how much it
 * has done. The commands draw it on a terminal (server/cli/progress.ts); the server passes none.
 */
export interface ProgressReport {
  /** A phase starts: its name, its unit, and how much there is to do when that is known. */
  begin(phase: string, unit: ProgressUnit, total: number | null): void;
  /** How much of the phase is done so far. */
  update(done: number): void;
}
