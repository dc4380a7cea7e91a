import unhomoglyph from 'unhomoglyph';

/**
 * How a name looks, as Unicode TR39's skeleton says it (its confusables.txt): two names with one skeleton can be told
 * apart only by their code points (`ann` and `аnn` in Cyrillic, `rn` and `m`, `0` and `o`, `1` and `l`). In NFKD, as
 * names are kept in NFKC (full-width letters are the letters), and in lower case, as names are compared.
 */
export const nameSkeleton = (name: string): string =>
  unhomoglyph(name.normalize('NFKD')).normalize('NFKD').toLowerCase();

/** The first of `names` that looks like `name` but is not it, or null. */
export function lookalikeOf(name: string, names: Iterable<string>): string | null {
  const skeleton = nameSkeleton(name);
  for (const other of names) if (other !== name && nameSkeleton(other) === skeleton) return other;
  return null;
}
