import { jsonPrefix } from './jsonPrefix';

/** How much of a bad value an error line quotes back, in characters. */
export const SHOWN_CHARS = 80;

/**
 * Characters that must not reach a terminal as they are: controls (C0 with ESC, which starts a terminal
 * escape sequence; DEL; C1), the line separators, the bidirectional controls that reorder text, and lone
 * surrogates.
 */
const UNSAFE = /[\p{Cc}\p{Zl}\p{Zp}\p{Bidi_Control}\p{Cs}]/u;
const JSON_UNSAFE = new RegExp(UNSAFE.source, 'gu');

const escapeChar = (char: string): string => {
  const json = JSON.stringify(char).slice(1, -1);
  return json !== char ? json : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
};

/** Up to SHOWN_CHARS characters (never half of one), each unsafe one escaped as JSON would; "…" when cut. */
function escapeAndCut(text: string, quoted: boolean): { shown: string; cut: boolean } {
  let shown = '';
  let count = 0;
  for (const char of text) {
    if (count === SHOWN_CHARS) return { shown: `${shown}…`, cut: true };
    shown += UNSAFE.test(char) || char === '\\' || (quoted && char === '"') ? escapeChar(char) : char;
    count += 1;
  }
  return { shown, cut: false };
}

/** Text an error line names without quotes (a row's id): escaped and cut as showValue does. */
export function showText(text: string): string {
  const { shown, cut } = escapeAndCut(text, false);
  return cut ? `${shown} (${text.length} characters)` : shown;
}

/**
 * A value as an error message quotes it back: text in quotes, numbers bare, anything else as JSON;
 * control characters escaped and long values cut, so a hostile file can neither drive the operator's
 * terminal nor print a 10 MB line.
 */
export function showValue(value: unknown): string {
  if (typeof value === 'string') {
    const { shown, cut } = escapeAndCut(value, true);
    return cut ? `"${shown}" (${value.length} characters)` : `"${shown}"`;
  }
  if (typeof value === 'number') return String(value);
  // Only the start is written: a hostile value may be huge or nested past what JSON.stringify's recursion survives.
  const json = jsonPrefix(value, SHOWN_CHARS);
  if (json === undefined) return 'undefined';
  // JSON escapes C0 controls in strings already; DEL, C1 and the rest it leaves as they are.
  const safe = json.text.replace(JSON_UNSAFE, escapeChar);
  return safe.length > SHOWN_CHARS || !json.complete ? `${safe.slice(0, SHOWN_CHARS)}…` : safe;
}
