import { describe, expect, it } from 'vitest';
import { applyKeys, type HiddenLine } from './hiddenInput';

const empty: HiddenLine = { text: '', done: false, cancelled: false };
const typed = (...chunks: string[]): HiddenLine => chunks.reduce(applyKeys, empty);

describe('applyKeys: a password typed without echo', () => {
  it.each([
    ['a line ended by Enter', ['secret words\r'], { text: 'secret words', done: true, cancelled: false }],
    ['a line ended by a newline (pasted)', ['pasted in one go\nrest'], { text: 'pasted in one go', done: true }],
    ['keys in several chunks', ['se', 'cr', 'et'], { text: 'secret', done: false }],
    ['Backspace', ['secrex\u007ft'], { text: 'secret', done: false }],
    ['Backspace as ^H', ['ab\bc'], { text: 'ac', done: false }],
    ['Backspace on an emoji erases the whole character', ['a😀\u007f'], { text: 'a', done: false }],
    ['Backspace on nothing', ['\u007f\u007fx'], { text: 'x', done: false }],
    ['Ctrl-U erases the line', ['wrong\u0015right'], { text: 'right', done: false }],
    ['Ctrl-C cancels', ['half\u0003'], { text: '', done: true, cancelled: true }],
    ['Ctrl-D on an empty line cancels', ['\u0004'], { text: '', done: true, cancelled: true }],
    ['Ctrl-D after text is ignored', ['ab\u0004c'], { text: 'abc', done: false }],
    ['every script and spaces', ['入樽機 密碼 пароль'], { text: '入樽機 密碼 пароль', done: false }],
  ])('%s', (_name, chunks, expected) => {
    expect(typed(...chunks)).toMatchObject(expected);
  });
});
