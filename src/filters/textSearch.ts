/** How many recent answers a matcher keeps to narrow the next, longer query from. */
const RECENT_QUERIES = 8;

interface Answer {
  query: string;
  matches: Uint32Array;
}

/**
 * Substring search over one normalised string per machine. A query that contains an earlier query can
 * only match machines that matched the earlier one, so typing a word scans the whole list once and
 * each further keystroke only the previous matches. Answers are exact: the same as a full scan.
 */
export function createTextMatcher(texts: readonly string[]): (query: string) => Uint32Array {
  const recent: Answer[] = [];
  let scratch: Uint32Array | null = null;
  return (query) => {
    let base: Uint32Array | null = null;
    for (const answer of recent) {
      if (answer.query === query) return answer.matches;
      if (query.includes(answer.query) && (base === null || answer.matches.length < base.length)) base = answer.matches;
    }
    scratch ??= new Uint32Array(texts.length);
    let n = 0;
    if (base === null) {
      for (let i = 0; i < texts.length; i++) if (texts[i]!.includes(query)) scratch[n++] = i;
    } else {
      for (let k = 0; k < base.length; k++) {
        const i = base[k]!;
        if (texts[i]!.includes(query)) scratch[n++] = i;
      }
    }
    const matches = scratch.slice(0, n);
    recent.unshift({ query, matches });
    if (recent.length > RECENT_QUERIES) recent.pop();
    return matches;
  };
}
