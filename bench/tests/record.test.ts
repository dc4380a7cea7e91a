import { describe, expect, it } from 'vitest';
import { buildRecord, isBenchRecord } from '../record/record';
import { jsTimeOf } from '../stage/jsSampler';
import { run, step } from './sampleRun';

const BROWSER = {
  userAgent: 'test',
  gpu: { vendor: 'Google Inc. (Google)', renderer: 'ANGLE (SwiftShader)' },
  cores: 2,
  devicePixelRatio: 1,
  stage: { width: 800, height: 450 },
  jsSamplingMs: 10,
};

describe('the bench record', () => {
  const record = buildRecord({ url: 'http://127.0.0.1/', build: 'abc1234' }, BROWSER, { cpu: 'test' }, [
    run('ours', 1000, [step('load', 'load'), step('panZoom', 'pan and zoom', { shown: null, jsMs: null })]),
  ]);

  it('has every field the harness writes and the charts read', () => {
    expect(isBenchRecord(JSON.parse(JSON.stringify(record)))).toBe(true);
  });

  it.each([
    ['a format of its own', { ...record, format: 'rvm-bench/0' }],
    ['runs', { ...record, runs: undefined }],
    ['a known renderer', { ...record, runs: [{ ...record.runs[0], renderer: 'canvas' }] }],
    [
      'a time to markers drawn per step',
      { ...record, runs: [{ ...record.runs[0], steps: [{ ...step('load', 'load'), drawnMs: null }] }] },
    ],
  ])('is refused without %s', (_what, broken) => {
    expect(isBenchRecord(broken)).toBe(false);
  });
});

describe('main-thread JS from profiler samples', () => {
  // Samples every 10 ms; those with a stack were running JS until the next one.
  const samples = [
    { timestamp: 0, stackId: 1 },
    { timestamp: 10 },
    { timestamp: 20, stackId: 2 },
    { timestamp: 30, stackId: 2 },
    { timestamp: 40 },
    { timestamp: 50, stackId: 3 },
  ];

  it.each([
    ['the whole span', 0, 60, [], 30],
    ['from 15 ms', 15, 60, [], 20],
    ['less an excluded span', 0, 60, [[18, 25]] as [number, number][], 20],
    ['the last sample, with nothing after it', 45, 60, [], 0],
  ])('%s', (_what, from, to, exclude, ms) => {
    expect(jsTimeOf(samples, from, to, exclude)).toBe(ms);
  });
});
