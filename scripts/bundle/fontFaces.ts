/** An @font-face rule of a built style sheet: the file and the characters it covers. */
export interface FontFace {
  family: string;
  url: string;
  ranges: (readonly [number, number])[];
}

const FACE = /@font-face\s*\{([^}]*)\}/g;

export function parseFontFaces(css: string): FontFace[] {
  return [...css.matchAll(FACE)].map(([, body = '']) => ({
    family:
      /font-family:\s*([^;]+)/
        .exec(body)?.[1]
        ?.trim()
        .replace(/^["']|["']$/g, '') ?? '',
    url: /url\(\s*["']?([^"')]+)["']?\s*\)/.exec(body)?.[1] ?? '',
    ranges: parseUnicodeRange(/unicode-range:\s*([^;]+)/.exec(body)?.[1] ?? 'U+0-10FFFF'),
  }));
}

/** `U+0-FF, U+131, U+1F??` as code point intervals. */
export function parseUnicodeRange(value: string): (readonly [number, number])[] {
  return value.split(',').map((part) => {
    const [from = '', to] = part.trim().replace(/^U\+/i, '').split('-');
    if (to !== undefined) return [parseInt(from, 16), parseInt(to, 16)] as const;
    return [parseInt(from.replaceAll('?', '0'), 16), parseInt(from.replaceAll('?', 'F'), 16)] as const;
  });
}

/** The faces a browser downloads to draw `text`: those whose unicode-range holds one of its characters. */
export function facesFor(faces: readonly FontFace[], text: string): FontFace[] {
  const codePoints = [...new Set([...text].map((char) => char.codePointAt(0)!))];
  return faces.filter((face) => codePoints.some((cp) => face.ranges.some(([from, to]) => cp >= from && cp <= to)));
}
