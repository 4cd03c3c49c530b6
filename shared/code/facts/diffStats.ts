/**
 * Git's diffstat summary, as `git commit`, `git merge`, `git diff --stat`
 * and `git show --stat` print it: ` 9 files changed, 1152 insertions(+),
 * 78 deletions(-)`. Its figures count the files a change touched and the
 * lines it added and removed. An output with several summaries (`git log
 * --stat`) holds one per commit, and which one a claim means cannot be
 * told: none is read from it.
 */
import { isDigit as digitUnit } from '../../extract/chars';

// Bound once: a call through the module object costs a getter under the test loader (see chars.ts).
const isDigit = digitUnit;

export type DiffStatPart = 'changed-files' | 'insertions' | 'deletions';

export interface DiffStatFigure {
  part: DiffStatPart;
  count: number;
  /** Where the figure is in the text. */
  start: number;
  end: number;
}

const CHANGED = ' changed, ';
/** What follows the files figure: the lines added and removed, either or both. */
const LINES_AFTER = /^(?:(\d{1,9}) insertions?\(\+\))?(?:, )?(?:(\d{1,9}) deletions?\(-\))?/;

/** The figures of the one diffstat summary in `text`, or none when it has none or several. */
export function diffStatFigures(text: string): DiffStatFigure[] {
  let found: DiffStatFigure[] | undefined;
  for (let at = text.indexOf(CHANGED); at !== -1; at = text.indexOf(CHANGED, at + CHANGED.length)) {
    const figures = summaryAt(text, at);
    if (!figures) continue;
    if (found) return [];
    found = figures;
  }
  return found ?? [];
}

/** The summary whose ` changed, ` is at `at`: ` 9 files changed, …` with the files figure before it. */
function summaryAt(text: string, at: number): DiffStatFigure[] | undefined {
  const noun = text.endsWith(' files', at) ? ' files' : text.endsWith(' file', at) ? ' file' : undefined;
  if (!noun) return undefined;
  const figureEnd = at - noun.length;
  let start = figureEnd;
  while (start > 0 && figureEnd - start < 9 && isDigit(text.charCodeAt(start - 1))) start--;
  if (start === figureEnd) return undefined;
  const out: DiffStatFigure[] = [{ part: 'changed-files', count: Number(text.slice(start, figureEnd)), start, end: figureEnd }];
  const from = at + CHANGED.length;
  const m = LINES_AFTER.exec(text.slice(from, from + 60));
  if (!m || m[0] === '') return undefined;
  if (m[1] !== undefined) out.push({ part: 'insertions', count: Number(m[1]), start: from, end: from + m[1].length });
  if (m[2] !== undefined) {
    const s = from + m[0].lastIndexOf(m[2]);
    out.push({ part: 'deletions', count: Number(m[2]), start: s, end: s + m[2].length });
  }
  return out;
}
