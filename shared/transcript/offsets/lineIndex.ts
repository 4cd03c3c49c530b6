/**
 * Offset → 0-based line, and line → its bounds, for many lookups into one
 * raw file. Lines end at LF, CRLF or a lone CR, as editors (and LSP) count
 * them. Each lookup is a binary search, so a caller asking once per entity
 * or per finding never reads the line around it.
 */
import { lastAtMostInt32 } from '../../text/sortedSearch';
export class LineIndex {
  private starts: Int32Array;
  private length: number;
  /** Lines whose break is CRLF (two units to leave out of the line's end); empty for files without CRs. */
  private crlf: Set<number>;

  /** Indexes `raw`; with `earlier`, the index of its first `from` units, only the rest is read. */
  constructor(raw: string, earlier?: { lines: LineIndex; from: number }) {
    const starts: number[] = earlier ? Array.from(earlier.lines.starts) : [0];
    const crlf = new Set<number>(earlier?.lines.crlf);
    let from = earlier?.from ?? 0;
    if (from > 0 && raw.charCodeAt(from - 1) === 13 && raw.charCodeAt(from) === 10) {
      // A CRLF split where the text grew: its CR already opened a line at `from`, which really opens after the LF.
      starts[starts.length - 1] = from + 1;
      crlf.add(starts.length - 2);
      from++;
    }
    // The next LF and CR are each searched for again only once passed: a file without CRs is scanned for one once.
    let lf = raw.indexOf('\n', from);
    let cr = raw.indexOf('\r', from);
    while (lf !== -1 || cr !== -1) {
      let next: number;
      if (cr !== -1 && (lf === -1 || cr < lf)) {
        next = lf === cr + 1 ? cr + 2 : cr + 1;
        if (next === cr + 2) crlf.add(starts.length - 1);
        cr = raw.indexOf('\r', cr + 1);
        if (lf !== -1 && lf < next) lf = raw.indexOf('\n', next);
      } else {
        next = lf + 1;
        lf = raw.indexOf('\n', next);
      }
      starts.push(next);
    }
    this.starts = Int32Array.from(starts);
    this.length = raw.length;
    this.crlf = crlf;
  }

  /**
   * The index of the text with `piece` appended, for a text that ends with a
   * line break (a JSON Lines file written whole lines at a time): only
   * `piece` is read, never the text before it, which may be long.
   */
  appended(piece: string): LineIndex {
    const last = this.starts.length - 1;
    if (!this.endsWithBreak) throw new RangeError('the text does not end with a line break');
    const tail = new LineIndex(piece);
    const grown = new LineIndex('');
    grown.starts = new Int32Array(last + tail.starts.length);
    grown.starts.set(this.starts);
    for (let i = 1; i < tail.starts.length; i++) grown.starts[last + i] = this.length + tail.starts[i];
    grown.length = this.length + piece.length;
    grown.crlf = new Set(this.crlf);
    for (const line of tail.crlf) grown.crlf.add(last + line);
    return grown;
  }

  lineOf(offset: number): number {
    return Math.max(0, lastAtMostInt32(this.starts, offset));
  }

  /** Offset → `{line, character}` (UTF-16 units, as LSP counts). */
  position(offset: number): { line: number; character: number } {
    const line = this.lineOf(offset);
    return { line, character: offset - this.starts[line] };
  }

  offsetAt(line: number, character: number): number {
    return (this.starts[line] ?? this.starts[this.starts.length - 1]) + character;
  }

  /** Where `line` ends: its line break (the CR of a CRLF), or the text's end for the last line. */
  lineEnd(line: number): number {
    if (line + 1 >= this.starts.length) return this.length;
    return this.starts[line + 1] - (this.crlf.has(line) ? 2 : 1);
  }

  /** Start and end of the line holding `offset` (the end excludes the newline). */
  lineBounds(offset: number): [start: number, end: number] {
    const line = this.lineOf(offset);
    return [this.starts[line], this.lineEnd(line)];
  }

  /** The text ends with a line break (so `appended` can take lines after it). */
  get endsWithBreak(): boolean {
    return this.starts[this.starts.length - 1] === this.length;
  }

  get lineCount(): number {
    return this.starts.length;
  }
}
