/**
 * The raw line an entity sits on, for the text report's code frame. Lines in
 * JSONL traces run to megabytes, so only a window around the entity is kept;
 * the window never splits a surrogate pair.
 */
import type { CodeFrame } from './fileReport';

/** Widest line shown whole; longer lines are windowed around the entity. */
export const FRAME_WIDTH = 100;
/** Context shown left of the entity in a windowed line. */
const LEAD = 30;

/**
 * `lineStart`/`lineEnd` bound the raw line (no newline); `[start, end)` is the
 * entity, clipped to the line when it runs over it.
 */
export function codeFrame(raw: string, lineStart: number, lineEnd: number, start: number, end: number): CodeFrame {
  const entityEnd = Math.max(start + 1, Math.min(end, lineEnd));
  let from = lineStart;
  let to = lineEnd;
  if (to - from > FRAME_WIDTH) {
    from = Math.max(lineStart, start - LEAD);
    to = Math.min(lineEnd, from + FRAME_WIDTH);
    // A long entity shifts the window so its start stays visible; its tail may be cut.
    if (to < entityEnd && entityEnd - from <= FRAME_WIDTH) to = entityEnd;
  }
  from = avoidSplitPair(raw, from, +1, lineStart);
  to = avoidSplitPair(raw, to, -1, lineEnd);
  const text = raw.slice(from, to).replace(/\r$/, '');
  const underlineStart = start - from;
  const underlineLength = Math.max(1, Math.min(entityEnd, from + text.length) - start);
  return { text, cutLeft: from > lineStart, cutRight: to < lineEnd, underlineStart, underlineLength };
}

/** Moves a cut that falls between a high and a low surrogate by one unit. */
function avoidSplitPair(raw: string, at: number, step: 1 | -1, limit: number): number {
  const low = raw.charCodeAt(at);
  const high = raw.charCodeAt(at - 1);
  const splits = (low & 0xfc00) === 0xdc00 && (high & 0xfc00) === 0xd800;
  return splits && at !== limit ? at + step : at;
}
