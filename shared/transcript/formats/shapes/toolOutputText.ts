/**
 * Cleans tool output of characters the tool added, without moving anything:
 * each unwanted character becomes a space, so the text keeps its length and
 * the JSON string's offset map stays exact.
 *
 * Hand-written scans rather than regexes: tool outputs reach megabytes, and a
 * single `indexOf` answers "nothing to do" for almost all of them.
 */

const ARROW = 0x2192; // →, Claude Code's Read line-number separator
const TAB = 9;

/**
 * Blanks the `    12→` (or older `    12\t`) line-number prefixes of a file
 * read: they are numbering, not facts in the file, and would otherwise
 * ground any small number the model writes.
 */
export function blankReadLineNumbers(text: string): string {
  if (text.indexOf(String.fromCharCode(ARROW)) === -1 && text.indexOf('\t') === -1) return text;
  const blanks: number[] = [];
  let lineStart = 0;
  while (lineStart < text.length) {
    let i = lineStart;
    while (i < text.length && text.charCodeAt(i) === 32) i++;
    const digitsStart = i;
    while (i < text.length && isDigit(text.charCodeAt(i))) i++;
    const sep = text.charCodeAt(i);
    if (i > digitsStart && (sep === ARROW || sep === TAB)) {
      blanks.push(lineStart, i + 1);
    }
    const nl = text.indexOf('\n', i);
    if (nl === -1) break;
    lineStart = nl + 1;
  }
  return blankRanges(text, blanks);
}

/**
 * Blanks ANSI escape sequences (colours, cursor moves) in terminal output:
 * `ESC [ params intermediates final` and two-character `ESC x` forms. Their
 * parameters (`31`, `1;32`) are not numbers the program printed.
 */
export function blankAnsiEscapes(text: string): string {
  let esc = text.indexOf('\x1b');
  if (esc === -1) return text;
  const blanks: number[] = [];
  while (esc !== -1) {
    let i = esc + 1;
    if (text.charCodeAt(i) === 91 /* [ */) {
      i++;
      while (i < text.length && inRange(text.charCodeAt(i), 0x30, 0x3f)) i++;
      while (i < text.length && inRange(text.charCodeAt(i), 0x20, 0x2f)) i++;
      if (i < text.length && inRange(text.charCodeAt(i), 0x40, 0x7e)) i++;
    } else if (i < text.length && inRange(text.charCodeAt(i), 0x40, 0x5f)) {
      i++;
    }
    blanks.push(esc, i);
    esc = text.indexOf('\x1b', i);
  }
  return blankRanges(text, blanks);
}

/** `text` with each `[blanks[2k], blanks[2k+1])` range (ascending) turned into spaces. */
function blankRanges(text: string, blanks: number[]): string {
  if (blanks.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (let k = 0; k < blanks.length; k += 2) {
    parts.push(text.slice(at, blanks[k]), spaces(blanks[k + 1] - blanks[k]));
    at = blanks[k + 1];
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * Runs of spaces up to a line-number prefix's usual width, made once: a
 * long file read blanks hundreds of thousands of prefixes, and a fresh
 * string for each was a tenth of everything parsing a session allocates.
 */
const SPACE_RUNS = Array.from({ length: 33 }, (_, n) => ' '.repeat(n));

function spaces(n: number): string {
  return n < SPACE_RUNS.length ? SPACE_RUNS[n] : ' '.repeat(n);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function inRange(c: number, lo: number, hi: number): boolean {
  return c >= lo && c <= hi;
}

/** Claude Code's tool results: file reads carry line numbers, shells carry colours. */
export function cleanClaudeToolResult(toolName: string | undefined, text: string): string {
  const plain = blankAnsiEscapes(text);
  return toolName === 'Read' ? blankReadLineNumbers(plain) : plain;
}
