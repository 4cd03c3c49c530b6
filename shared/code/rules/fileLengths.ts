/**
 * "`contest.py` (689 lines)", "CLAUDE.md … with 711 lines": a file's length
 * claimed beside its name, against the length the session knows for that
 * file (a `wc -l`, one line of a `wc -l` over several files, or a complete
 * listing). Which file the figure is about is the one its line names last
 * before it; a figure that says how many lines changed ("added 30 lines"),
 * or only roughly ("~470 lines"), is no length to compare.
 */
import type { Entity, Range } from '../../classifier/types';
import type { CodeSession } from './codeVerdicts';
import { looksLikeFilePath } from '../facts';

/** Farthest back on its line a file's name may stand from the figure. */
const NAME_REACH = 160;

/** Words that make a figure of lines a change, or the length of a part of the file (a function, a hunk), not the file's. */
const CHANGE_WORDS =
  /\b(?:add|added|adds|adding|remov\w*|delet\w*|chang\w*|modif\w*|insert\w*|edit\w*|wrote|writ\w*|rewr\w*|new|more|fewer|extra|cut|trim\w*|shorter|longer|reduc\w*|grew|grow\w*|shr[iau]nk\w*|first|last|top|bottom|lines? \d|functions?|methods?|class|block|section|snippet|hunk|diff|patch|loop)\b/i;

/** A word or sign right before the figure that makes it rough or a bound ("~470", "over 400", "from 200 to 250"). */
const QUALIFIED = /(?:\b(?:from|to|over|under|about|around|approx\w*|roughly|nearly|almost|some|least|most|than)\s+|[~≈<>]\s*|[+±-])$/i;
/** The end of the text before the figure that `QUALIFIED` reads: a bounded tail keeps the test linear. */
const QUALIFIER_REACH = 24;

/** Characters that end a file name in prose or Markdown (`a.py`, **a.py**, (a.py)). */
export const NAME_BREAK = /[\s`'"*|,;()[\]{}<>]+/;

/** 'unknown': the line names the file, whose length the session never showed; 'unnamed': no file is named before the figure. */
export type LengthVerdict = 'grounded' | 'contradicted' | 'unknown' | 'unnamed';

/**
 * Judges a figure of lines as the length of the file its line names, when
 * that file's length is known.
 */
export function judgeFileLength(output: string, entity: Entity, n: number, session: CodeSession): LengthVerdict {
  const file = fileNamedBefore(output, entity.span);
  if (!file) return 'unnamed';
  const known = session.view.files(file);
  const lengths = known.map((k) => k.lengths()).find((l) => l.length > 0);
  if (!lengths) return 'unknown';
  const placeOf = (l: (typeof lengths)[number]) => (l.place ? { part: session.partOf(l.place.segment), start: l.place.start, end: l.place.end } : undefined);
  const agreeing = lengths.find((l) => n >= l.least && n <= l.most);
  if (agreeing) {
    const place = placeOf(agreeing);
    entity.found = true;
    entity.status = 'grounded';
    entity.settled = true;
    entity.matches = place && place.part !== -1 ? [place] : [];
    entity.locations = place && place.part !== -1 ? [[place.start, place.end]] : [];
    return 'grounded';
  }
  const length = lengths[0];
  const place = placeOf(length);
  if (!place || place.part === -1) return 'unknown';
  const value = entity.text.replace(new RegExp(`(?<![0-9])${n}(?![0-9])`), String(length.least));
  entity.settled = true;
  entity.found = false;
  entity.matches = [];
  entity.locations = [];
  entity.status = 'contradicted';
  entity.contradiction = { value, match: place };
  const blank = length.most - length.least;
  entity.detail = `${known[0].name} has ${length.least} lines${blank > 0 ? ` and ${blank} empty line${blank > 1 ? 's' : ''} after them` : ''}`;
  return 'contradicted';
}

/**
 * The file the figure's line names last before it, when the words between
 * them and right after it leave the figure the file's length.
 */
function fileNamedBefore(output: string, span: Range): string | undefined {
  const lineStart = output.lastIndexOf('\n', span[0] - 1) + 1;
  const from = Math.max(lineStart, span[0] - NAME_REACH);
  const before = output.slice(from, span[0]);
  const tokens = before.split(NAME_BREAK).filter((t) => t !== '');
  let at = -1;
  for (let i = tokens.length - 1; i >= 0 && at === -1; i--) if (looksLikeFilePath(tokens[i].replace(/[.:]+$/, ''))) at = i;
  if (at === -1) return undefined;
  const file = tokens[at].replace(/[.:]+$/, '');
  // From the name to the end of the figure's clause: "a.py: added 30 lines" counts a change.
  const between = before.slice(before.lastIndexOf(tokens[at]) + tokens[at].length);
  // Other code named between ("`a.py`: `parse()` (80 lines)") may be what the figure measures.
  if (between.slice(1).includes('`') || !measuresLength(output, between, span)) return undefined;
  return file;
}

/**
 * Whether a figure of lines may be a whole length, by its line up to it:
 * "Added: 154 lines", "30 new lines", "~700 lines" count a change, a part
 * or roughly, and no file's length contradicts them.
 */
export function isLengthFigure(output: string, span: Range): boolean {
  const lineStart = output.lastIndexOf('\n', span[0] - 1) + 1;
  return measuresLength(output, output.slice(Math.max(lineStart, span[0] - NAME_REACH), span[0]), span);
}

/** Whether the figure is written as rough or as a bound ("over 1,100", "~700", "up to 5"): no exact count contradicts it. */
export function isRough(output: string, span: Range): boolean {
  return QUALIFIED.test(output.slice(Math.max(0, span[0] - QUALIFIER_REACH), span[0]));
}

function measuresLength(output: string, before: string, span: Range): boolean {
  const after = output.slice(span[1], Math.min(output.length, span[1] + 30)).split(/[\n.;,)]/)[0];
  return !CHANGE_WORDS.test(before) && !CHANGE_WORDS.test(after) && !QUALIFIED.test(before.slice(-QUALIFIER_REACH));
}
