/**
 * Per-code-unit facts the normalizer needs on its hot path: which units are
 * whitespace, which may attach to the previous character under NFC, and how
 * smart quotes fold to ASCII. Answers are cached in flat tables so a 10 MB
 * context costs one table read per unit instead of one regex test.
 */

/** The code units JavaScript's `\s` matches (all in the BMP). */
const WHITESPACE_UNITS = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029,
  0x202f, 0x205f, 0x3000, 0xfeff,
];

/** 1 at every whitespace unit. */
export const WHITESPACE = new Uint8Array(0x10000);
for (const u of WHITESPACE_UNITS) WHITESPACE[u] = 1;

export function isWhitespaceUnit(unit: number): boolean {
  return WHITESPACE[unit] === 1;
}

/** Smart quotes and guillemets fold to the ASCII quote they stand for. */
export function asciiQuote(unit: number): number {
  switch (unit) {
    case 0x201c: // “
    case 0x201d: // ”
    case 0x201e: // „
    case 0x00ab: // «
    case 0x00bb: // »
      return 0x22;
    case 0x2018: // ‘
    case 0x2019: // ’
    case 0x201a: // ‚
      return 0x27;
    default:
      return unit;
  }
}

/** Lowest code point that can combine with a preceding character (U+0300). */
export const FIRST_COMBINING_UNIT = 0x300;

const MARK = /^\p{M}$/u;
// 0 = not yet known, 1 = starter, 2 = non-starter.
const bmpAttach = new Uint8Array(0x10000);

/**
 * True when code point `cp` can change under NFC together with the character
 * before it: combining marks (which also covers the Indic and Sinhala vowel
 * signs that compose with a preceding letter) and Hangul medial/final jamo,
 * which compose with a preceding syllable or leading consonant.
 */
export function attachesToPrevious(cp: number): boolean {
  if (cp < FIRST_COMBINING_UNIT) return false;
  if (cp >= 0x1160 && cp <= 0x11ff) return true;
  if (cp > 0xffff) return MARK.test(String.fromCodePoint(cp));
  let known = bmpAttach[cp];
  if (known === 0) {
    known = MARK.test(String.fromCharCode(cp)) ? 2 : 1;
    bmpAttach[cp] = known;
  }
  return known === 2;
}
