import fs from 'node:fs';
import path from 'node:path';

/** One inline code span of a document, where it starts. */
export interface DocSpan {
  line: number;
  text: string;
  /** The paragraph, list item or table row it is in (spans of one block share it); null in a diagram. */
  block: number | null;
}

/**
 * Headings of what was tried, considered or done before: the names under them may be gone on purpose
 * ("## Tried and not kept", "## Considered", "## Decision (then)").
 */
const HISTORY_HEADING = /^#{2,}\s+(tried|considered|.*\(then\))/i;
/** A paragraph or list item that opens the same way ("Tried and not kept: ...", "- **Considered**: ..."). */
const HISTORY_BLOCK = /^\s*(?:[-*+]\s+)?(?:\*\*)?(tried|not kept|considered)\b/i;
/** A decision record whose first line under its title says "Superseded by NNNN" is history as a whole. */
const SUPERSEDED = /^Superseded by\b/;
const BLOCK_START = /^\s*(?:[-*+]\s|\d+\.\s|\|)/;
const CODE_SPAN = /(`+)([\s\S]+?)\1/g;
/** In a diagram, the words that name code: a file (`App.tsx`, `db/openEngine.ts`) or a name (`machineListAtom`). */
const DIAGRAM_WORD =
  /[\w$@./-]*\.(?:tsx?|mjs|cjs|json|md|css|html)\b|\b_*[a-z$][a-z0-9$]*[A-Z][\w$]*|\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b/g;

/**
 * The inline code spans of a Markdown file that describe the code as it is, and the code's names in its diagrams
 * (code blocks without a language); not shell or configuration examples, nor what is history.
 */
export function readSpans(root: string, doc: string): DocSpan[] {
  const lines = fs.readFileSync(path.join(root, doc), 'utf8').split('\n');
  if (isSuperseded(lines)) return [];
  const spans: DocSpan[] = [];
  let block: string[] = [];
  let blockLine = 0;
  let blockCount = 0;
  let historyLevel = 0;
  /** Inside a code block: 'plain' for a diagram (its names are read too), 'other' for a shell or config example. */
  let fence: 'plain' | 'other' | null = null;
  const endBlock = () => {
    const text = block.join('\n');
    if (historyLevel === 0 && !HISTORY_BLOCK.test(text)) {
      for (const match of text.matchAll(CODE_SPAN)) {
        const before = text.slice(0, match.index);
        spans.push({
          line: blockLine + before.split('\n').length - 1,
          text: (match[2] ?? '').trim(),
          block: blockCount,
        });
      }
    }
    blockCount += 1;
    block = [];
  };
  lines.forEach((line, i) => {
    const fenceLine = /^\s*```(\S*)/.exec(line);
    if (fenceLine) {
      endBlock();
      fence = fence !== null ? null : fenceLine[1] === '' ? 'plain' : 'other';
      return;
    }
    if (fence === 'plain' && historyLevel === 0) {
      for (const word of line.matchAll(DIAGRAM_WORD)) spans.push({ line: i + 1, text: word[0], block: null });
    }
    if (fence !== null) return;
    const heading = /^(#+)\s/.exec(line);
    if (heading) {
      endBlock();
      const level = heading[1]?.length ?? 1;
      if (historyLevel > 0 && level <= historyLevel) historyLevel = 0;
      if (historyLevel === 0 && HISTORY_HEADING.test(line)) historyLevel = level;
      return;
    }
    if (line.trim() === '' || BLOCK_START.test(line)) endBlock();
    if (line.trim() === '') return;
    if (block.length === 0) blockLine = i + 1;
    block.push(line);
  });
  endBlock();
  return spans;
}

function isSuperseded(lines: string[]): boolean {
  const status = lines.slice(1).find((line) => line.trim() !== '');
  return status !== undefined && SUPERSEDED.test(status.trim());
}
