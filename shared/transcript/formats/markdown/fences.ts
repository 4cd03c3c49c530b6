/**
 * Code fences as CommonMark reads them, so a stray backtick run does not flip
 * a parser into "inside code" for the rest of a file: an opening fence is a
 * line of at most three spaces' indent, then three or more backticks or
 * tildes (a backtick fence's info string has no backtick, so prose like
 * "``` starts a block" is no fence); only a run of the same character, at
 * least as long, with nothing after it, closes it.
 *
 * One departure from CommonMark, for how models write: inside a block, a
 * fence line with a language (```` ```bash ````) opens a nested block rather
 * than being code, since replies that show a README or a SEARCH/REPLACE
 * edit nest fences of the same length; the next bare fence closes the inner
 * block, not the outer one.
 */
export interface Fence {
  char: number;
  length: number;
}

const BACKTICK = 96;
const TILDE = 126;

export function fenceOpening(line: string): Fence | undefined {
  const at = indentOf(line);
  if (at > 3) return undefined;
  const char = line.charCodeAt(at);
  if (char !== BACKTICK && char !== TILDE) return undefined;
  const length = runOf(line, at, char);
  if (length < 3) return undefined;
  if (char === BACKTICK && line.indexOf('`', at + length) !== -1) return undefined;
  return { char, length };
}

export function closesFence(line: string, open: Fence): boolean {
  const at = indentOf(line);
  if (at > 3) return false;
  const length = runOf(line, at, open.char);
  return length >= open.length && line.slice(at + length).trim() === '';
}

/** Follows fences line by line: `inside` tells whether the last line given was in (or opened or closed) a block. */
export class FenceTracker {
  private readonly open: Fence[] = [];

  /** Takes the next line; true when it is a fence line or inside a block. */
  step(line: string): boolean {
    const top = this.open[this.open.length - 1];
    if (!top) {
      const opening = fenceOpening(line);
      if (opening) this.open.push(opening);
      return opening !== undefined;
    }
    if (closesFence(line, top)) this.open.pop();
    else {
      const nested = fenceOpening(line);
      if (nested && nested.char === top.char && nested.length <= top.length && hasInfo(line)) this.open.push(nested);
    }
    return true;
  }

  get isOpen(): boolean {
    return this.open.length > 0;
  }

  /** Ends every open block where the format says a new speaker begins. */
  reset(): void {
    this.open.length = 0;
  }
}

function hasInfo(line: string): boolean {
  const t = line.trim();
  let i = 0;
  while (i < t.length && (t.charCodeAt(i) === BACKTICK || t.charCodeAt(i) === TILDE)) i++;
  return i < t.length;
}

function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && line.charCodeAt(i) === 32) i++;
  return i;
}

function runOf(line: string, from: number, char: number): number {
  let i = from;
  while (i < line.length && line.charCodeAt(i) === char) i++;
  return i - from;
}
