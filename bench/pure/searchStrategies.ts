/**
 * Text search strategies measured against each other by filter-node.ts. The product uses the narrowing
 * matcher (src/filters/textSearch.ts); these are the ones it was measured against and did not keep.
 */

/** The plain scan: `includes` on every machine's string, every keystroke. */
export function plainScan(texts: readonly string[], query: string): Uint32Array {
  const out: number[] = [];
  for (let i = 0; i < texts.length; i++) if (texts[i]!.includes(query)) out.push(i);
  return Uint32Array.from(out);
}

const SEPARATOR = '\u0000';

/** One string of all machines, separated by NUL, scanned with `indexOf` jumps. */
export function buildJoined(texts: readonly string[]) {
  const starts = new Uint32Array(texts.length + 1);
  let at = 0;
  for (let i = 0; i < texts.length; i++) {
    starts[i] = at;
    at += texts[i]!.length + 1;
  }
  starts[texts.length] = at;
  return { text: texts.join(SEPARATOR) + SEPARATOR, starts };
}

export function joinedScan({ text, starts }: ReturnType<typeof buildJoined>, query: string): Uint32Array {
  const out: number[] = [];
  let machine = 0;
  for (let from = text.indexOf(query); from >= 0; from = text.indexOf(query, starts[machine]!)) {
    // The machine whose string holds this hit: binary search from the last one found.
    let hi = starts.length - 1;
    while (machine < hi) {
      const mid = (machine + hi) >>> 1;
      if (starts[mid + 1]! <= from) machine = mid + 1;
      else hi = mid;
    }
    out.push(machine);
    machine += 1;
    if (machine >= starts.length - 1) break;
  }
  return Uint32Array.from(out);
}

/** Character bigram → posting list of machine indices; a query scans the shortest list of its bigrams. */
export function buildBigrams(texts: readonly string[]) {
  const slotOf = new Map<number, number>();
  const counts: number[] = [];
  const lastSeen: number[] = [];
  const eachBigram = (s: string, visit: (slot: number) => void) => {
    for (let k = 0; k + 1 < s.length; k++) {
      const key = (s.charCodeAt(k) << 16) | s.charCodeAt(k + 1);
      let slot = slotOf.get(key);
      if (slot === undefined) {
        slot = counts.length;
        slotOf.set(key, slot);
        counts.push(0);
        lastSeen.push(-1);
      }
      visit(slot);
    }
  };
  texts.forEach((s, i) =>
    eachBigram(s, (slot) => {
      if (lastSeen[slot] !== i) {
        lastSeen[slot] = i;
        counts[slot]! += 1;
      }
    }),
  );
  const offsets = new Uint32Array(counts.length + 1);
  counts.forEach((c, j) => (offsets[j + 1] = offsets[j]! + c));
  const postings = new Uint32Array(offsets[counts.length]!);
  const fill = offsets.slice(0, counts.length);
  lastSeen.fill(-1);
  texts.forEach((s, i) =>
    eachBigram(s, (slot) => {
      if (lastSeen[slot] !== i) {
        lastSeen[slot] = i;
        postings[fill[slot]!++] = i;
      }
    }),
  );
  return { texts, slotOf, offsets, postings };
}

export function bigramScan(index: ReturnType<typeof buildBigrams>, query: string): Uint32Array {
  if (query.length < 2) return plainScan(index.texts, query);
  let best = -1;
  let bestLength = Infinity;
  for (let k = 0; k + 1 < query.length; k++) {
    const slot = index.slotOf.get((query.charCodeAt(k) << 16) | query.charCodeAt(k + 1));
    if (slot === undefined) return new Uint32Array(0);
    const length = index.offsets[slot + 1]! - index.offsets[slot]!;
    if (length < bestLength) [best, bestLength] = [slot, length];
  }
  const out: number[] = [];
  for (let p = index.offsets[best]!; p < index.offsets[best + 1]!; p++) {
    const i = index.postings[p]!;
    if (index.texts[i]!.includes(query)) out.push(i);
  }
  return Uint32Array.from(out);
}
