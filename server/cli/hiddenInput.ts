/** What a line typed without echo looks like after one chunk of keys. */
export interface HiddenLine {
  text: string;
  /** Enter was pressed: `text` is the whole line. */
  done: boolean;
  /** Ctrl-C or Ctrl-D on an empty line: the person gave up. */
  cancelled: boolean;
}

const ENTER = new Set(['\r', '\n']);
const ERASE = new Set(['\u007f', '\b']);
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const CTRL_U = '\u0015';

/**
 * The keys of a raw-mode terminal applied to the line typed so far, as a shell's password prompt takes them: Enter ends
 * it, Backspace erases a character (a whole code point), Ctrl-U the line, Ctrl-C cancels, and so does Ctrl-D on an
 * empty line. Anything else, a pasted line included, is part of the password.
 */
export function applyKeys(line: HiddenLine, keys: string): HiddenLine {
  let text = line.text;
  for (const key of keys) {
    if (ENTER.has(key)) return { text, done: true, cancelled: false };
    if (key === CTRL_C || (key === CTRL_D && text === '')) return { text: '', done: true, cancelled: true };
    if (ERASE.has(key)) text = [...text].slice(0, -1).join('');
    else if (key === CTRL_U) text = '';
    else if (key !== CTRL_D) text += key;
  }
  return { text, done: false, cancelled: false };
}
