/**
 * Cleans tool output of characters the tool added, without moving anything:
 * each unwanted character becomes a space, so the text keeps its length and
 * the JSON string's offset map stays exact.
 *
 * Hand-written scans rather than regexes: tool outputs reach megabytes, and a
 * single `indexOf` answers "nothing to do" for almost all of them.
 */

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

function spaces(n: number): string {
  return ' '.repeat(n);
}

function inRange(c: number, lo: number, hi: number): boolean {
  return c >= lo && c <= hi;
}

/**
 * Claude Code's tool results: shells carry colours. (Line-number gutters of
 * reads stay in the text: they say which lines were shown, and the session's
 * facts blank them where the text grounds; see shared/code/facts/sessionFacts.ts.)
 */
export function cleanClaudeToolResult(_toolName: string | undefined, text: string): string {
  return blankAnsiEscapes(text);
}
