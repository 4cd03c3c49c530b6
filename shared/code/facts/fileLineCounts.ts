/**
 * `wc -l` over several files (`wc -l src/*.py | sort -n`, `find … | xargs
 * wc -l`) prints one `  689 path/to/contest.py` line per file: each is
 * that file's length, as a single file's `wc -l` is (see listingShapes.ts
 * 'count'). Read line by line with one anchored pattern per line.
 */
import { forEachLine } from './lineGutters';
import { looksLikeFilePath } from './pathSpellings';

export interface FileLineCount {
  file: string;
  count: number;
  /** Where the figure is in the text. */
  start: number;
  end: number;
}

/** Lines of output read: a listing of thousands of files is not what a length claim cites. */
const MAX_LINES = 4000;

/** `  689 judge/models/contest.py`: the figure, then one path to the line's end. */
const WC_LINE = /^[ \t]*(\d{1,9})[ \t]+(\S+)[ \t]*$/;

/** The per-file lengths a `wc -l` run over several files printed (its `total` line aside). */
export function perFileLineCounts(text: string): FileLineCount[] {
  const out: FileLineCount[] = [];
  let lines = 0;
  forEachLine(text, (start, end) => {
    if (++lines > MAX_LINES) return;
    const m = WC_LINE.exec(text.slice(start, end));
    if (!m || m[2] === 'total' || !looksLikeFilePath(m[2])) return;
    const at = start + m[0].indexOf(m[1]);
    out.push({ file: m[2], count: Number(m[1]), start: at, end: at + m[1].length });
  });
  return out;
}
