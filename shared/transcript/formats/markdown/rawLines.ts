/**
 * Line-based reading for Markdown and plain-text logs, where decoded text is
 * the raw text: each line's bounds, and text assembled from line ranges
 * (optionally without a per-line prefix such as `#### ` or `USER `) with a
 * map back to the raw file.
 */
import type { OffsetMap } from '../../model';
import { PiecewiseMap, ShiftMap } from '../../offsets/offsetMaps';

export interface RawLine {
  /** 0-based line number. */
  index: number;
  start: number;
  /** End of the line's content, before `\r\n`, `\n` or `\r`. */
  end: number;
}

/**
 * Longest line a Markdown or plain-text log may have. Nobody writes prose
 * lines of a million characters; such a line is minified data or a paste of
 * base64, and checking it would cost seconds per megabyte for nothing.
 */
export const MAX_LINE_LENGTH = 1_000_000;

/** The message for a line past MAX_LINE_LENGTH. */
export function tooLongMessage(line: RawLine, length: number): string {
  return `Line ${line.index + 1} is ${length} characters long, over the ${MAX_LINE_LENGTH} line-length limit: not read.`;
}

/**
 * The file's lines, ended by `\n`, `\r\n` or a lone `\r` (old Mac line ends,
 * which editors also read as line breaks). A line longer than
 * MAX_LINE_LENGTH is handed out empty (so parsers read it as a blank line)
 * and reported to `tooLong`.
 */
export function rawLines(raw: string, tooLong?: (line: RawLine, length: number) => void): RawLine[] {
  const out: RawLine[] = [];
  let start = 0;
  let index = 0;
  // The next `\n` and `\r` are each looked up again only once passed, so a file without one is not rescanned per line.
  let lf = raw.indexOf('\n');
  let cr = raw.indexOf('\r');
  while (start <= raw.length) {
    if (lf !== -1 && lf < start) lf = raw.indexOf('\n', start);
    if (cr !== -1 && cr < start) cr = raw.indexOf('\r', start);
    const nl = Math.min(lf === -1 ? raw.length : lf, cr === -1 ? raw.length : cr);
    let end = nl;
    if (end - start > MAX_LINE_LENGTH) {
      tooLong?.({ index, start, end }, end - start);
      end = start;
    }
    out.push({ index, start, end });
    if (nl === raw.length) break;
    start = nl + (raw.charCodeAt(nl) === 13 && raw.charCodeAt(nl + 1) === 10 ? 2 : 1);
    index++;
  }
  return out;
}

export function lineText(raw: string, l: RawLine): string {
  return raw.slice(l.start, l.end);
}

/**
 * Text made of the given line pieces joined by `\n`, each piece `[from, to)`
 * in the raw file. Line breaks between pieces map to the raw line end.
 */
export function joinPieces(raw: string, pieces: Array<[from: number, to: number]>): { text: string; map: OffsetMap } {
  if (pieces.length === 1) return { text: raw.slice(pieces[0][0], pieces[0][1]), map: new ShiftMap(pieces[0][0]) };
  const decoded: number[] = [];
  const rawAt: number[] = [];
  let text = '';
  pieces.forEach(([from, to], i) => {
    decoded.push(text.length);
    rawAt.push(from);
    text += raw.slice(from, to);
    if (i < pieces.length - 1) {
      // The joining newline stands for the raw line break right after the piece.
      decoded.push(text.length);
      rawAt.push(to);
      text += '\n';
    }
  });
  return { text, map: new PiecewiseMap(decoded, rawAt) };
}

/** Trims blank lines at both ends of a run of lines. */
export function trimBlankLines(raw: string, lines: RawLine[]): RawLine[] {
  let a = 0;
  let b = lines.length;
  while (a < b && isBlank(raw, lines[a])) a++;
  while (b > a && isBlank(raw, lines[b - 1])) b--;
  return lines.slice(a, b);
}

export function isBlank(raw: string, l: RawLine): boolean {
  for (let i = l.start; i < l.end; i++) {
    const c = raw.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}
