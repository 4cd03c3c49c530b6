/**
 * Sentence boundaries for prose and agent output. Extraction uses them to
 * tell a sentence-initial capital from a name; lookup uses them in strict mode
 * to keep a match inside one sentence of a multi-megabyte context, so this is
 * a single forward character loop rather than a regular expression.
 *
 * A sentence ends at `.`, `!`, `?` or `…` (optionally followed by closing
 * quotes or brackets) when whitespace follows, and at a blank line. A `.`
 * between digits (`3.14`) is never followed by whitespace, so decimals do not
 * split. Abbreviations (`Dr. Smith`, `e.g. this`) do split: a known, accepted
 * limitation of a rule that needs no word lists.
 */

/** Sorted offsets at which sentences start; always begins with 0. */
export function sentenceStarts(text: string): number[] {
  const starts = [0];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isTerminator(c)) {
      let j = i + 1;
      while (j < n && (isTerminator(text.charCodeAt(j)) || isCloser(text.charCodeAt(j)))) j++;
      if (j < n && isSpace(text.charCodeAt(j))) {
        while (j < n && isSpace(text.charCodeAt(j))) j++;
        if (j < n) starts.push(j);
      }
      i = j;
    } else if (c === 0x0a) {
      let j = i + 1;
      while (j < n && isInlineSpace(text.charCodeAt(j))) j++;
      if (j < n && text.charCodeAt(j) === 0x0a) {
        while (j < n && isSpace(text.charCodeAt(j))) j++;
        if (j < n && j > starts[starts.length - 1]) starts.push(j);
      }
      i = j;
    } else {
      i++;
    }
  }
  return starts;
}

function isTerminator(c: number): boolean {
  return c === 0x2e || c === 0x21 || c === 0x3f || c === 0x2026;
}

/** Quotes and brackets that may close a sentence after its full stop: `."`, `.)`. */
function isCloser(c: number): boolean {
  return c === 0x22 || c === 0x27 || c === 0x29 || c === 0x5d || c === 0x7d || c === 0x201d || c === 0x2019 || c === 0xbb;
}

function isInlineSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0b || c === 0x0c || c === 0xa0;
}

function isSpace(c: number): boolean {
  return isInlineSpace(c) || c === 0x0a || c === 0x2028 || c === 0x2029;
}
