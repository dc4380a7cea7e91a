/**
 * How many imports (previews and applies) one server reads at once. Each holds what it shows in memory while it
 * reads, hundreds of MB for the largest file (docs/reliability-operators.md), so several at once would take
 * gigabytes. People import seldom; one who finds the slot taken is told to try again in a moment.
 */
export const IMPORT_SLOTS = 1;

/** What a refused import is asked to wait, seconds: about what a large preview takes. */
export const IMPORT_BUSY_RETRY_AFTER_S = 10;

/** Counts the imports under way against their cap. */
export class ImportSlots {
  private taken = 0;

  constructor(private readonly max = IMPORT_SLOTS) {}

  /** A slot, as the function that gives it back (once, however often it is called), or null when none is free. */
  take(): (() => void) | null {
    if (this.taken >= this.max) return null;
    this.taken += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.taken -= 1;
    };
  }

  get inUse(): number {
    return this.taken;
  }
}
