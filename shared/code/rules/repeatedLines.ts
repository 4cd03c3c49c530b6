/**
 * A line reference written again after the agent's own edits moved what it
 * pointed at: `src/app.py:380` cited once while line 380 held
 * `def upgrade_self():`, the file edited above that line since, and the same
 * `src/app.py:380` written again in a later turn, where the function is now
 * at line 415.
 *
 * Why the earlier reference decides what this one means: a line number alone
 * does not say what it is cited for, and the sentence around it may name
 * several things (which moved-lines has to guess). The same reference written
 * before the edit, while the listing it came from still described the file,
 * pointed at the text that listing showed on that line. Written again
 * unchanged, it points at that text still; when the agent's edits have moved
 * that text to another line, the number is stale.
 *
 * Judged only where everything is known: the line's text was printed by a
 * listing, the same reference was written after that listing and before the
 * first edit of the file since, no listing printed since the newest edit
 * showed the line (the agent would know what it holds now, and may cite
 * that), every edit since was followed through the
 * lines known (a shell command that may have rewritten the file leaves
 * nothing to follow), and the file as known after the newest edit holds that
 * text on exactly one other line while the cited line holds something else.
 * A line too plain to tell apart (a brace, a blank, `return x`) says nothing,
 * and a range the shift leaves more than three quarters in place (a
 * 70-line function cited 5 lines early) still covers most of what it was
 * cited for.
 */
import type { Range } from '../../classifier/types';
import type { FileKnowledge, LineWith } from '../facts';

/** Shortest line text that tells one line from another: braces, blanks and short statements repeat. */
const MIN_LINE_TEXT = 12;

export interface RepeatedLine {
  /** The text the reference pointed at when it was first written. */
  text: string;
  /** Where that text is now. */
  now: LineWith;
}

/**
 * The text a reference to `lines` pointed at when it was first written (in
 * the segment `firstWritten` gives), and where the file's edits since have
 * moved it, if they have.
 */
export function repeatedLine(lines: readonly Range[], known: readonly FileKnowledge[], firstWritten: () => number | undefined): RepeatedLine | undefined {
  if (known.length !== 1 || lines.length === 0) return undefined;
  const k = known[0];
  const first = lines[0][0];
  const latest = k.latestEdit();
  if (latest === undefined || k.rewrittenSinceShown()) return undefined;
  // A listing printed since the newest edit showed the agent what the line holds now: it may cite that.
  if (k.printedSince(first, latest)) return undefined;
  const cited = k.linesSince(first, first, latest).get(first);
  if (cited === undefined) return undefined;
  const written = firstWritten();
  if (written === undefined || written > latest) return undefined;
  // What the reference pointed at then: the line as the newest listing before it printed it, with no edit between.
  const then = k.shownTextAt(first, written);
  if (!then || k.editsAfter(then.segment).some((e) => e < written)) return undefined;
  const text = then.text.trim();
  if (text.length < MIN_LINE_TEXT || !/[A-Za-z]/.test(text) || cited.trim() === text) return undefined;
  const holding = k.linesHolding(text, latest);
  if (holding.length !== 1) return undefined;
  // A range the shift leaves more than three quarters in place still covers most of what it was cited for.
  const span = lines[lines.length - 1][1] - first + 1;
  return Math.abs(holding[0].line - first) * 4 >= span ? { text, now: holding[0] } : undefined;
}
