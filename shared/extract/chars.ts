/**
 * Character classes for the hand-written scanners, on UTF-16 code units.
 * Extraction loops call these per character, so they compare numbers rather
 * than run regular expressions.
 *
 * Importers bind the functions they use to local constants once, at load.
 * Under CommonJS loaders that compile each export to a getter (tsx, used by
 * the tests and benches), a call through the module object runs that getter
 * every time; profiling showed it taking 40% of extraction.
 */

export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

export function isAsciiUpper(c: number): boolean {
  return c >= 0x41 && c <= 0x5a;
}

export function isAsciiLower(c: number): boolean {
  return c >= 0x61 && c <= 0x7a;
}

export function isAsciiLetter(c: number): boolean {
  return isAsciiUpper(c) || isAsciiLower(c);
}

export function isAsciiAlnum(c: number): boolean {
  return isAsciiLetter(c) || isDigit(c);
}

/** `[A-Za-z0-9_]`, the ASCII word character. */
export function isWordChar(c: number): boolean {
  return isAsciiAlnum(c) || c === 0x5f;
}

/** Characters that can start an ASCII identifier: `[A-Za-z_$]`. */
export function isIdentStart(c: number): boolean {
  return isAsciiLetter(c) || c === 0x5f || c === 0x24;
}

/** Characters that can continue an ASCII identifier: `[A-Za-z0-9_$]`. */
export function isIdentPart(c: number): boolean {
  return isWordChar(c) || c === 0x24;
}

/** Latin-1 Supplement through Latin Extended-B, and Latin Extended Additional. */
function inLatinBlock(c: number): boolean {
  return (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7) || (c >= 0x1e00 && c <= 0x1eff);
}

/** A letter of the Latin script, accented ones included. */
export function isLatinLetter(c: number): boolean {
  return isAsciiLetter(c) || inLatinBlock(c);
}

/** An upper-case Latin letter (`A`, `É`, `Ł`). */
export function isLatinUpper(c: number): boolean {
  if (isAsciiUpper(c)) return true;
  if (!inLatinBlock(c)) return false;
  const ch = String.fromCharCode(c);
  return ch.toLowerCase() !== ch;
}

/** Any letter outside ASCII that has case, so a Unicode word is not cut into an ASCII identifier. */
export function isNonAsciiCasedLetter(c: number): boolean {
  if (c < 0x80) return false;
  const ch = String.fromCharCode(c);
  return ch.toLowerCase() !== ch.toUpperCase();
}

export function isSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || c === 0x2028 || c === 0x2029;
}
