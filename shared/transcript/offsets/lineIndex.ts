/**
 * Offset → 0-based line, and line → its bounds, for many lookups into one
 * text: each lookup is a binary search, so a caller asking once per entity
 * or per finding never reads the line around it.
 */
export class LineIndex {
  private readonly starts: Int32Array;
  private readonly length: number;

  /** Indexes `raw`; with `earlier`, the index of its first `from` units, only the rest is read. */
  constructor(raw: string, earlier?: { lines: LineIndex; from: number }) {
    const starts: number[] = earlier ? Array.from(earlier.lines.starts) : [0];
    let i = raw.indexOf('\n', earlier?.from ?? 0);
    while (i !== -1) {
      starts.push(i + 1);
      i = raw.indexOf('\n', i + 1);
    }
    this.starts = Int32Array.from(starts);
    this.length = raw.length;
  }

  lineOf(offset: number): number {
    const s = this.starts;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Offset → `{line, character}` (UTF-16 units, as LSP counts). */
  position(offset: number): { line: number; character: number } {
    const line = this.lineOf(offset);
    return { line, character: offset - this.starts[line] };
  }

  offsetAt(line: number, character: number): number {
    return (this.starts[line] ?? this.starts[this.starts.length - 1]) + character;
  }

  /** Where `line` ends: its newline, or the text's end for the last line. */
  lineEnd(line: number): number {
    return line + 1 < this.starts.length ? this.starts[line + 1] - 1 : this.length;
  }

  /** Start and end of the line holding `offset` (the end excludes the newline). */
  lineBounds(offset: number): [start: number, end: number] {
    const line = this.lineOf(offset);
    return [this.starts[line], this.lineEnd(line)];
  }

  get lineCount(): number {
    return this.starts.length;
  }
}
