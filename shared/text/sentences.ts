/**
 * Sentence boundaries for prose and agent output. Extraction uses them to
 * tell a sentence-initial capital from a name; lookup uses them in strict mode
 * to keep a match inside one sentence of a multi-megabyte context, so this is
 * a single forward pass that never looks back.
 *
 * A sentence ends at `.`, `!`, `?` or `…` (optionally followed by closing
 * quotes or brackets) when whitespace follows, and at a blank line. A `.`
 * between digits (`3.14`) is never followed by whitespace, so decimals do not
 * split. Abbreviations (`Dr. Smith`, `e.g. this`) do split: a known, accepted
 * limitation of a rule that needs no word lists.
 */

/**
 * Characters where a sentence can end. A one-class pattern only finds the
 * next candidate; the logic around it is a character loop. Jumping this way
 * measured 2.6x faster than testing every character in JavaScript (26 ms
 * against 67 ms over 7.5 MB of JSON Lines), and it cannot backtrack.
 */
const CANDIDATE = /[.!?\u2026\n]/g;

/** Sorted offsets at which sentences start; always begins with 0. */
export function sentenceStarts(text: string): number[] {
  const starts = [0];
  const n = text.length;
  const candidate = new RegExp(CANDIDATE);
  for (let m = candidate.exec(text); m; m = candidate.exec(text)) {
    const i = m.index;
    let j = i + 1;
    if (text.charCodeAt(i) === 0x0a) {
      while (j < n && isInlineSpace(text.charCodeAt(j))) j++;
      if (j < n && text.charCodeAt(j) === 0x0a) {
        while (j < n && isSpace(text.charCodeAt(j))) j++;
        if (j < n) starts.push(j);
      }
    } else {
      while (j < n && (isTerminator(text.charCodeAt(j)) || isCloser(text.charCodeAt(j)))) j++;
      if (j < n && isSpace(text.charCodeAt(j))) {
        while (j < n && isSpace(text.charCodeAt(j))) j++;
        if (j < n) starts.push(j);
      }
    }
    candidate.lastIndex = j;
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

/** "e.g." right before a sentence start, where the splitter cut it (whitespace-bounded, so linear). */
const EXAMPLE_MARK_BEFORE = /(?<![\p{L}\p{N}])e\.g\.\s*$/iu;

/**
 * Whether the sentence starting at `start` is the rest of one the splitter
 * cut at "e.g." (see the note on abbreviations above): what it says is an
 * example, whatever its own words.
 */
export function startsAfterExampleMark(text: string, start: number): boolean {
  return EXAMPLE_MARK_BEFORE.test(text.slice(Math.max(0, start - 8), start));
}
