const NAME_MAX_CHARS = 200;

/**
 * The uploaded file's own name, kept for operators only: no folders, no control or bidi characters,
 * at most 200 characters. Null when nothing useful is left.
 */
export function sanitizeOriginalName(name: string | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
  // Cut by code point, not UTF-16 unit, so no half surrogate pair is left.
  const short = Array.from(clean).slice(0, NAME_MAX_CHARS).join('');
  return short && short !== '.' && short !== '..' ? short : null;
}
