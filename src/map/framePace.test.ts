import { describe, expect, it } from 'vitest';
import { SMOOTH_FRAME_MAX_MS } from '../config';
import { FRAME_PACE_SAMPLES, FramePace } from './framePace';

function moveWithFrames(pace: FramePace, start: number, intervals: number[]): number {
  pace.moveStarted();
  let at = start;
  pace.frameDrawn(at);
  for (const ms of intervals) pace.frameDrawn((at += ms));
  pace.moveEnded();
  return at;
}

describe('FramePace', () => {
  it('animates while the pace is unknown', () => {
    const pace = new FramePace();
    expect(pace.medianFrameMs()).toBeNull();
    expect(pace.animates()).toBe(true);
    pace.moveStarted();
    pace.frameDrawn(1000);
    expect(pace.medianFrameMs()).toBeNull();
  });

  it.each([
    { intervals: [16, 17, 16], median: 16, animates: true },
    { intervals: [SMOOTH_FRAME_MAX_MS, SMOOTH_FRAME_MAX_MS], median: SMOOTH_FRAME_MAX_MS, animates: true },
    { intervals: [SMOOTH_FRAME_MAX_MS + 1, SMOOTH_FRAME_MAX_MS + 1], median: SMOOTH_FRAME_MAX_MS + 1, animates: false },
    { intervals: [233, 250, 217], median: 233, animates: false },
    // One slow frame (a shader compiled mid-move) does not stop animations.
    { intervals: [16, 16, 900, 17], median: 16.5, animates: true },
  ])('frames of $intervals ms: median $median, animates $animates', ({ intervals, median, animates }) => {
    const pace = new FramePace();
    moveWithFrames(pace, 0, intervals);
    expect(pace.medianFrameMs()).toBe(median);
    expect(pace.animates()).toBe(animates);
    expect(pace.cameraMs(600)).toBe(animates ? 600 : 0);
  });

  it('never animates where the visitor asked for less motion, and follows the setting as it changes', () => {
    let reduce = true;
    const pace = new FramePace(() => reduce);
    moveWithFrames(pace, 0, [16, 16, 16]);
    expect(pace.animates()).toBe(false);
    expect(pace.cameraMs(600)).toBe(0);
    reduce = false;
    expect(pace.animates()).toBe(true);
  });

  it('does not count the pause between two moves as a frame', () => {
    const pace = new FramePace();
    const end = moveWithFrames(pace, 0, [20, 20]);
    moveWithFrames(pace, end + 3000, [20]);
    expect(pace.medianFrameMs()).toBe(20);
  });

  it('ignores stalls and clocks that go backwards', () => {
    const pace = new FramePace();
    moveWithFrames(pace, 0, [30, 60_000, 30, -5]);
    expect(pace.medianFrameMs()).toBe(30);
  });

  it('follows the latest frames: a device that got fast again animates again', () => {
    const pace = new FramePace();
    const end = moveWithFrames(pace, 0, Array(FRAME_PACE_SAMPLES).fill(400));
    expect(pace.animates()).toBe(false);
    moveWithFrames(pace, end + 1000, Array(FRAME_PACE_SAMPLES).fill(16));
    expect(pace.medianFrameMs()).toBe(16);
    expect(pace.animates()).toBe(true);
  });
});
