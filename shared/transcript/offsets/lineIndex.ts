/**
 * Offset → 0-based line for many lookups into one raw file. Lines end at
 * LF, CRLF or a lone CR, as editors (and LSP) count them.
 */
export class LineIndex {
  private readonly starts: Int32Array;

  /** Indexes `raw`; with `earlier`, the index of its first `from` units, only the rest is read. */
  constructor(raw: string, earlier?: { lines: LineIndex; from: number }) {
    const starts: number[] = earlier ? Array.from(earlier.lines.starts) : [0];
    let from = earlier?.from ?? 0;
    if (from > 0 && raw.charCodeAt(from - 1) === 13 && raw.charCodeAt(from) === 10) {
      // A CRLF split where the text grew: its CR already opened a line at `from`, which really opens after the LF.
      starts[starts.length - 1] = from + 1;
      from++;
    }
    const breaks = /\r\n?|\n/g;
    breaks.lastIndex = from;
    for (let m = breaks.exec(raw); m !== null; m = breaks.exec(raw)) starts.push(m.index + m[0].length);
    this.starts = Int32Array.from(starts);
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

  get lineCount(): number {
    return this.starts.length;
  }
}
