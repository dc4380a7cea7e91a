import { describe, expect, it } from 'vitest';
import { jsonPrefix } from './jsonPrefix';
import { SHOWN_CHARS, showText, showValue } from './showValue';

const TEN_MB = 10 * 1024 * 1024;

describe('showValue: a bad value as an error line quotes it back', () => {
  it.each([
    ['text in quotes', 'KOWLON CITY', '"KOWLON CITY"'],
    ['numbers bare', 1.5, '1.5'],
    ['anything else as JSON', [22.3], '[22.3]'],
    ['undefined', undefined, 'undefined'],
    ['an ESC sequence escaped', '\u001b[2J\u001b]0;owned\u0007name', '"\\u001b[2J\\u001b]0;owned\\u0007name"'],
    ['line breaks and tabs escaped', 'a\r\nb\tc', '"a\\r\\nb\\tc"'],
    ['DEL and C1 controls escaped', 'a\u007fb\u009bc', '"a\\u007fb\\u009bc"'],
    ['bidi overrides escaped', 'abc\u202edef', '"abc\\u202edef"'],
    ['quotes and backslashes escaped', 'say "hi" \\o/', '"say \\"hi\\" \\\\o/"'],
    ['control characters inside JSON', { note: '\u001b[31m' }, '{"note":"\\u001b[31m"}'],
    ['Chinese text kept', '灣仔', '"灣仔"'],
  ])('%s', (_name, value, shown) => {
    expect(showValue(value)).toBe(shown);
  });

  it(`cuts a 10 MB value to ${SHOWN_CHARS} characters and says how long it was`, () => {
    const shown = showValue('x'.repeat(TEN_MB));
    expect(shown).toBe(`"${'x'.repeat(SHOWN_CHARS)}…" (${TEN_MB} characters)`);
  });

  it('cuts long JSON the same way', () => {
    const shown = showValue(Array.from({ length: 1000 }, (_, i) => i));
    expect(shown).toBe(`${JSON.stringify(Array.from({ length: 1000 }, (_, i) => i)).slice(0, SHOWN_CHARS)}…`);
  });

  it('never cuts a character in half', () => {
    const shown = showValue(`${'x'.repeat(SHOWN_CHARS - 1)}😀😀`);
    expect(shown).toBe(`"${'x'.repeat(SHOWN_CHARS - 1)}😀…" (${SHOWN_CHARS + 3} characters)`);
  });

  it('escapes before it cuts, so an escape is never cut in half', () => {
    const shown = showValue('\u001b'.repeat(200));
    expect(shown).toMatch(/^"(\\u001b)+…" \(200 characters\)$/);
  });
});

describe('a value nested 100,000 deep, past what JSON.stringify survives on Node 22 and 24', () => {
  let deep: unknown = 22.3;
  for (let i = 0; i < 100_000; i++) deep = i % 2 ? { id: deep } : [deep];

  it('is quoted by its start, without running out of stack', () => {
    const shown = showValue(deep);
    expect(shown).toHaveLength(SHOWN_CHARS + 1);
    expect(shown).toMatch(/^\{"id":\[\{"id":\[.*…$/);
  });

  it.each([
    null,
    -0,
    1e21,
    Number.NaN,
    'a"b\u001b',
    true,
    [],
    {},
    [1, undefined, () => 1, 'x'],
    { a: undefined, b: 1, c: [{}], d: null, e: () => 1 },
    { when: new Date(0) },
    [[[[1]]]],
    { '': { ' ': [] } },
  ])('writes value %# as JSON.stringify does, and its start when cut short', (value) => {
    const json = JSON.stringify(value);
    expect(jsonPrefix(value, 1000)).toEqual({ text: json, complete: true });
    const start = jsonPrefix(value, 3)!;
    expect(start.complete).toBe(json.length <= 3);
    expect(start.text.slice(0, 3)).toBe(json.slice(0, 3));
  });
});

describe('showText: text an error line names without quotes (an id)', () => {
  it('escapes control characters and cuts long text', () => {
    expect(showText('RVM-1')).toBe('RVM-1');
    expect(showText('RVM-\u001b[2J')).toBe('RVM-\\u001b[2J');
    expect(showText('y'.repeat(TEN_MB))).toBe(`${'y'.repeat(SHOWN_CHARS)}… (${TEN_MB} characters)`);
  });
});
