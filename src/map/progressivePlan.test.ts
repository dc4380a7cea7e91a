import { describe, expect, it } from 'vitest';
import { ProgressivePlan, type ProgressiveLimits } from './progressivePlan';

const LIMITS: ProgressiveLimits = { firstRows: 100, minRows: 10, targetFrameMs: 200 };

/** Steps until the picture is complete, one every `frameMs`; returns the row ranges drawn. */
function drawAll(plan: ProgressivePlan, frameMs: number, start = 0): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let at = start;
  for (let rows = plan.nextRows(at); rows; rows = plan.nextRows((at += frameMs))) ranges.push([rows.startRow, rows.endRow]);
  return ranges;
}

describe('ProgressivePlan', () => {
  it('draws every row once, in order, and is then complete', () => {
    const plan = new ProgressivePlan(LIMITS);
    plan.restart(350);
    expect(plan.complete).toBe(false);
    expect(plan.startsPicture).toBe(true);
    expect(drawAll(plan, 200)).toEqual([
      [0, 100],
      [100, 200],
      [200, 300],
      [300, 350],
    ]);
    expect(plan.complete).toBe(true);
    expect(plan.nextRows(10_000)).toBeNull();
  });

  it('is complete at once with nothing to draw', () => {
    const plan = new ProgressivePlan(LIMITS);
    plan.restart(0);
    expect(plan.complete).toBe(true);
    expect(plan.nextRows(0)).toBeNull();
  });

  it.each([
    // Frames at twice the target: the step halves, and not below the minimum.
    { frameMs: 400, steps: [100, 50, 25, 13, 10, 10] },
    // Frames far slower still change the step by at most half at a time.
    { frameMs: 5000, steps: [100, 50, 25, 13, 10, 10] },
    // Frames at half the target: the step doubles, and by at most two at a time when faster still.
    { frameMs: 100, steps: [100, 200, 400, 800] },
    { frameMs: 1, steps: [100, 200, 400, 800] },
    { frameMs: 200, steps: [100, 100, 100, 100] },
  ])('adapts the step to frames of $frameMs ms', ({ frameMs, steps }) => {
    const plan = new ProgressivePlan(LIMITS);
    plan.restart(1_000_000);
    const sizes = drawAll(plan, frameMs).slice(0, steps.length).map(([start, end]) => end - start);
    expect(sizes).toEqual(steps);
  });

  it('begins the picture again on restart, keeping the step it has learnt', () => {
    const plan = new ProgressivePlan(LIMITS);
    plan.restart(1000);
    plan.nextRows(0);
    plan.nextRows(100); // a fast frame: the step doubles to 200
    plan.restart(1000);
    expect(plan.startsPicture).toBe(true);
    // The camera keeps moving: every frame restarts, and each frame's time still counts.
    expect(plan.nextRows(200)).toEqual({ startRow: 0, endRow: 400 });
    expect(plan.startsPicture).toBe(false);
  });

  it('does not count a stall as the frame time, nor the gap before a new picture', () => {
    const plan = new ProgressivePlan(LIMITS);
    plan.restart(1000);
    plan.nextRows(0);
    // A tab in the background for a minute.
    expect(plan.nextRows(60_000)).toEqual({ startRow: 100, endRow: 200 });
    drawAll(plan, 200, 60_200);
    // The picture was complete; a change an hour later starts from the step as it was.
    plan.restart(1000);
    expect(plan.nextRows(3_600_000)).toEqual({ startRow: 0, endRow: 100 });
  });

  it('gives retracted rows again, and a step that drew nothing does not grow the next', () => {
    const plan = new ProgressivePlan(LIMITS);
    plan.restart(300);
    // The program is still linking: the first two steps draw nothing, each retracted at once, 1 ms apart.
    for (const at of [0, 1]) {
      const rows = plan.nextRows(at)!;
      expect(rows).toEqual({ startRow: 0, endRow: 100 });
      plan.retract(rows);
      expect(plan.startsPicture).toBe(true);
      expect(plan.complete).toBe(false);
    }
    // Linked: the picture is drawn from its first row, in steps of the size it had.
    expect(drawAll(plan, 200, 2)).toEqual([
      [0, 100],
      [100, 200],
      [200, 300],
    ]);
    expect(plan.complete).toBe(true);
  });

  it('retracts from the middle of a picture back to that step only', () => {
    const plan = new ProgressivePlan(LIMITS);
    plan.restart(300);
    plan.nextRows(0);
    const rows = plan.nextRows(200)!;
    plan.retract(rows);
    expect(plan.startsPicture).toBe(false);
    expect(plan.nextRows(201)).toEqual({ startRow: 100, endRow: 200 });
  });
});
