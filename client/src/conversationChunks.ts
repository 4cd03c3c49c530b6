/**
 * How the conversation view cuts a long session into pieces it draws one at
 * a time. Plain functions, no editor API, so they are tested on their own.
 */

/** Turns drawn at a time: a page of this much HTML appears at once, however long the session. */
export const CHUNK_BYTES = 256 * 1024;

/** How many turns, from `from`, make up about one chunk of HTML (at least one). */
export function takeChunk(turns: readonly string[], from: number, limit = CHUNK_BYTES): number {
  let bytes = 0;
  let n = from;
  while (n < turns.length && (n === from || bytes + turns[n].length <= limit)) bytes += turns[n++].length;
  return n - from;
}

/** Where a turn starts in the raw file, from its `data-raw` (-1 when it has none). */
export function rawStart(turn: string): number {
  const m = /^<div role="listitem"[^>]*? data-raw="(\d+),/.exec(turn);
  return m ? Number(m[1]) : -1;
}

