/**
 * Token boundaries for strict lookup: a match must not start or end inside a
 * word, so `cat` is not found in `category`. A word character is a letter,
 * digit, combining mark or underscore; anything else (whitespace,
 * punctuation, symbols) and either end of the text are boundaries.
 */

const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;

function isWordAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0x80) {
    return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
  }
  // A low surrogate belongs to the code point that starts one unit earlier.
  const start = c >= 0xdc00 && c <= 0xdfff && i > 0 ? i - 1 : i;
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(start)!));
}

/** True when `[start, end)` of `text` neither begins nor ends in the middle of a word. */
export function onTokenBoundaries(text: string, start: number, end: number): boolean {
  if (start > 0 && start < text.length && isWordAt(text, start - 1) && isWordAt(text, start)) return false;
  if (end > 0 && end < text.length && isWordAt(text, end - 1) && isWordAt(text, end)) return false;
  return true;
}
