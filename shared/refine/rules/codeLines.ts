/**
 * A line of code written into prose (`return 127`, `from typing import
 * Protocol`, `+ const x = 5;`): its values are the code's, not claims that
 * fill a slot the way "revenue was $4.2M" does, so slot contradictions,
 * which read the word before a value as its key, do not apply to it.
 */
import { LineIndex } from '../../transcript/offsets/lineIndex';

/** How a line of common languages starts. */
const CODE_START =
  /^(?:[+-]\s+)?(?:return|import|from\s+\S+\s+import|def|class|const|let|var|function|if|elif|else|for|while|try|except|catch|throw|raise|export|async|await|public|private|protected|static|fn|pub|use|#include|@\w+|[\w.]+\s*=\s|[\w.]+\(.*\)\s*;?$)/;

/**
 * The code lines of one output. Each line is read once, however many
 * entities it holds: an output of one long line naming thousands of values
 * would otherwise be read to its ends once per value.
 */
export class CodeLines {
  private lines: LineIndex | undefined;
  private readonly verdicts = new Map<string, boolean>();

  constructor(private readonly text: string) {}

  /** Whether the line holding `[start, end)` reads as code (all the lines it spans, if more than one). */
  holds(start: number, end: number): boolean {
    this.lines ??= new LineIndex(this.text);
    const first = this.lines.lineOf(start);
    const last = this.lines.lineOf(end);
    const key = `${first}:${last}`;
    let verdict = this.verdicts.get(key);
    if (verdict === undefined) {
      verdict = readsAsCode(this.text.slice(this.lines.offsetAt(first, 0), this.lines.lineEnd(last)));
      this.verdicts.set(key, verdict);
    }
    return verdict;
  }
}

function readsAsCode(raw: string): boolean {
  const line = raw.trim();
  if (line.length === 0 || line.length > 400) return false;
  // A markup element on its own line (`<input value="http://localhost:8000" />`) is a file's content too.
  return CODE_START.test(line) || /;\s*$/.test(line) || /[{}]\s*$/.test(line) || (/^<\/?[A-Za-z]/.test(line) && line.endsWith('>'));
}
