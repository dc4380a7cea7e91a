import type { RowRange } from './changedRowRanges';

export interface ProgressiveLimits {
  /** Rows drawn in the first step after the plan is made; later steps adapt. */
  firstRows: number;
  /** Fewest rows a step draws. */
  minRows: number;
  /** The frame time the step size aims at, in ms. */
  targetFrameMs: number;
}

/** A step's row count changes by at most this factor from one frame to the next. */
const MAX_STEP_CHANGE = 2;
/** A longer gap between two steps is a stall (a tab in the background), not the device's pace. */
const MAX_STEP_INTERVAL_MS = 10_000;

/**
 * Which rows each frame draws when a picture is drawn a part per frame. `restart` begins the picture again
 * (the view or the markers changed); `nextRows` gives the rows of the next frame until all are drawn. The step
 * grows or shrinks with the time between steps, each step's frame being requested as soon as the last is done.
 */
export class ProgressivePlan {
  private total = 0;
  private drawn = 0;
  private stepRows: number;
  private lastStepAt: number | null = null;

  constructor(private readonly limits: ProgressiveLimits) {
    this.stepRows = limits.firstRows;
  }

  /** Nothing of the `total` rows is drawn yet. The step size learnt so far is kept. */
  restart(total: number): void {
    this.total = total;
    this.drawn = 0;
  }

  get complete(): boolean {
    return this.drawn >= this.total;
  }

  /** Whether the next step is the first of a picture, which starts from an empty one. */
  get startsPicture(): boolean {
    return this.drawn === 0;
  }

  /** The rows to draw in the frame at `now` (ms); null when the picture is complete. */
  nextRows(now: number): RowRange | null {
    if (this.complete) {
      this.lastStepAt = null;
      return null;
    }
    if (this.lastStepAt !== null) this.adapt(now - this.lastStepAt);
    this.lastStepAt = now;
    const startRow = this.drawn;
    const endRow = Math.min(this.total, startRow + this.stepRows);
    this.drawn = endRow;
    return { startRow, endRow };
  }

  /**
   * The rows `nextRows` gave were not drawn (the GPU program was still being linked): they are given again, and
   * the time of that step, which drew nothing, does not change the step size.
   */
  retract({ startRow }: RowRange): void {
    this.drawn = Math.min(this.drawn, startRow);
    this.lastStepAt = null;
  }

  private adapt(frameMs: number): void {
    if (!(frameMs > 0) || frameMs > MAX_STEP_INTERVAL_MS) return;
    const factor = Math.min(MAX_STEP_CHANGE, Math.max(1 / MAX_STEP_CHANGE, this.limits.targetFrameMs / frameMs));
    this.stepRows = Math.max(this.limits.minRows, Math.round(this.stepRows * factor));
  }
}
