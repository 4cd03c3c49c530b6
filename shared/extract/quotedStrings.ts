/**
 * Extracts quoted strings: text between `"…"`, `'…'`, `` `…` `` and the
 * typographic pairs “…” ‘…’ «…» „…“ ‚…‘. The entity's span includes the quote
 * marks; its forms are the inner text with whitespace runs collapsed (and,
 * second, without trailing punctuation, since `"we win,"` quotes `we win`).
 *
 * Apostrophes are told apart from single quotes: a `'` or `’` between two
 * letters or digits (`I'll`, `don't`, `it's`) or after a letter with no opener
 * before it (`students'`) neither opens nor closes. Empty quotes are skipped;
 * a quote left open runs to the end of the output, as the spec says, but
 * yields to anything it overlaps (overlap.ts). Fenced code blocks (three or
 * more backticks) are code, not quotations: nothing inside them is taken as
 * a quoted string (their identifiers still are).
 *
 * One forward pass: inside a quote, other quote characters are plain text,
 * and the scan resumes after the closing mark.
 */
import type { Candidate } from './candidate';
import { uniqueForms } from './candidate';
import { collapseWhitespace } from './whitespace';
import * as chars from './chars';

// Bound once at load: called per character (see chars.ts).
const { isAsciiAlnum, isDigit, isLatinLetter, isSpace } = chars;

/** Closing marks for each opening mark. */
const CLOSERS: Record<string, string> = {
  '"': '"',
  "'": "'",
  '`': '`',
  '“': '”',
  '‘': '’',
  '«': '»',
  '„': '“”',
  '‚': '‘’',
};

function isAlnumOrLetter(c: number): boolean {
  return isAsciiAlnum(c) || isLatinLetter(c);
}

/** An apostrophe inside or at the end of a word, not a quote mark. */
function isApostrophe(text: string, i: number): boolean {
  const ch = text[i];
  if (ch !== "'" && ch !== '’') return false;
  return isAlnumOrLetter(text.charCodeAt(i - 1)) && isAlnumOrLetter(text.charCodeAt(i + 1));
}

function canOpen(text: string, i: number): boolean {
  const ch = text[i];
  if (ch === '’' || ch === '»' || ch === '”') return false;
  // `5'5"` and `12"`: an inch mark after a digit opens nothing.
  if (ch === '"' && isDigit(text.charCodeAt(i - 1))) return false;
  if (ch === "'") {
    // `students' work` and `'90s` are not quotations.
    if (isAlnumOrLetter(text.charCodeAt(i - 1))) return false;
    if (isDigit(text.charCodeAt(i + 1)) && isDigit(text.charCodeAt(i + 2)) && text[i + 3] === 's') return false;
    if (i + 1 >= text.length || isSpace(text.charCodeAt(i + 1))) return false;
  }
  return true;
}

function canClose(text: string, i: number, opener: string): boolean {
  if (!CLOSERS[opener].includes(text[i])) return false;
  if (opener === "'" || opener === '‘' || opener === '‚') {
    if (isApostrophe(text, i)) return false;
    if (isSpace(text.charCodeAt(i - 1))) return false;
  }
  return true;
}

/** Opening marks; the scan jumps between them instead of testing every character. */
const OPENING_MARK = /["'`“‘«„‚]/g;

export function extractQuotedStrings(text: string): Candidate[] {
  const out: Candidate[] = [];
  const n = text.length;
  const opening = new RegExp(OPENING_MARK);
  for (let m = opening.exec(text); m; m = opening.exec(text)) {
    const i = m.index;
    const ch = text[i];
    const width = ch === '`' ? backtickRun(text, i) : 1;
    if (width >= 3) {
      opening.lastIndex = skipFence(text, i, width);
      continue;
    }
    if (!canOpen(text, i)) {
      opening.lastIndex = i + width;
      continue;
    }
    const closedAt = findCloser(text, i, ch, width);
    if (closedAt >= 0) {
      const candidate = quoted(text, i, i + width, closedAt, closedAt + width);
      if (candidate) out.push(candidate);
      opening.lastIndex = closedAt + width;
    } else {
      let end = n;
      while (end > i + width && isSpace(text.charCodeAt(end - 1))) end--;
      const candidate = quoted(text, i, i + width, end, end);
      if (candidate) out.push({ ...candidate, role: 'unclosed' });
      break;
    }
  }
  return out;
}

/** Index of the mark closing the quote opened at `i`, or -1 when it stays open. */
function findCloser(text: string, i: number, opener: string, width: number): number {
  const n = text.length;
  // Straight double quotes, “ and « have a single closer and no apostrophe look-alike.
  if (opener === '"' || opener === '“' || opener === '«') return text.indexOf(CLOSERS[opener], i + 1);
  let j = i + width;
  while (j < n) {
    if (opener === '`') {
      if (text[j] === '`') {
        // Step over whole runs: a closer is a run of exactly the opener's width.
        const run = backtickRun(text, j);
        if (run === width) return j;
        j += run;
      } else j++;
      continue;
    }
    if (canClose(text, j, opener)) return j;
    j++;
  }
  return -1;
}

/** Combining marks right after an opening quote: they attach to the quote mark, so the quoted text starts after them. */
const LEADING_MARKS = /^\p{M}+/u;

function quoted(text: string, start: number, innerStart: number, innerEnd: number, end: number): Candidate | undefined {
  const inner = collapseWhitespace(text.slice(innerStart, innerEnd).replace(LEADING_MARKS, ''));
  if (inner.length === 0) return undefined;
  return { type: 'quoted_string', start, end, forms: uniqueForms([inner, stripTrailingPunctuation(inner)]) };
}

function backtickRun(text: string, i: number): number {
  let j = i;
  while (text[j] === '`') j++;
  return j - i;
}

/** Skips a fenced block from its opening fence to past its closing fence (or the end). */
function skipFence(text: string, i: number, run: number): number {
  let j = i + run;
  while (j < text.length) {
    if (text[j] === '`') {
      const closing = backtickRun(text, j);
      if (closing >= run) return j + closing;
      j += closing;
    } else j++;
  }
  return j;
}

function stripTrailingPunctuation(s: string): string {
  let end = s.length;
  while (end > 0 && '.,;:!?'.includes(s[end - 1])) end--;
  return s.slice(0, end);
}
