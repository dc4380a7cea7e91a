import { describe, expect, it } from 'vitest';
import { readApplyLine } from './importCalls';

describe('readApplyLine', () => {
  it('reads progress, the outcome and a failure as the contract says; ignores anything else', () => {
    expect(readApplyLine('{"progress":{"phase":"saving","unit":"rows","total":10,"done":5}}')).toEqual({
      progress: { phase: 'saving', unit: 'rows', total: 10, done: 5 },
    });
    expect(readApplyLine('{"success":true,"outcome":{"inserted":1,"updated":2,"photos":0,"warnings":["w"]}}')).toEqual({
      outcome: { inserted: 1, updated: 2, photos: 0, warnings: ['w'] },
    });
    expect(readApplyLine('{"success":false,"msg":"systemError"}')).toEqual({ failed: 'systemError' });
    expect(readApplyLine('not json')).toBeNull();
    expect(readApplyLine('[1]')).toBeNull();
    expect(readApplyLine('{"progress":{"phase":"saving","unit":"rows","total":10}}')).toBeNull();
    expect(
      readApplyLine('{"success":true,"outcome":{"inserted":"1","updated":2,"photos":0,"warnings":[]}}'),
    ).toBeNull();
  });
});
