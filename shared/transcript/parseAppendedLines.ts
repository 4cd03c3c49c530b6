/**
 * Lines appended to a JSON Lines transcript that was already parsed (a
 * session file the agent is still writing), read on their own: the parser
 * that built the transcript goes on from where it stopped and appends the
 * new segments with the ids, parents and offsets a parse of the whole file
 * would give. Where the new lines would change what earlier segments are (a
 * compaction, a line logged again), it says so instead, and the caller
 * parses the whole file. A rewind relabels the earlier replies it leaves
 * behind, as a parse of the whole file labels them, and lists them.
 */
import type { Transcript } from './model';

export interface AppendedLines {
  /** Id of the first new segment; the new ones run to the end of `segments`. */
  from: number;
  /** Lines handed to the parser. */
  lines: number;
  /** Earlier segments the new lines made into actions (a call whose result came in), ascending. */
  actionsAdded: number[];
  /** Earlier outputs the new lines relabelled (a rewind left their branch), ascending; absent when none. */
  relabelled?: number[];
}

export type AppendOutcome = AppendedLines | { fallback: string };

/** A parser that can go on reading the file it built a transcript from. */
export interface AppendableReader {
  /**
   * Reads `piece`, complete lines appended to the text read so far, into the
   * transcript. On a fallback the transcript may be half extended and must
   * be dropped.
   */
  append(piece: string): AppendOutcome;
}

const readers = new WeakMap<Transcript, AppendableReader>();

/** Lets `appendLines` extend `t` through the reader that built it. */
export function keepReader(t: Transcript, reader: AppendableReader): void {
  readers.set(t, reader);
}

/**
 * Whether `t` was read line by line by a reader that can go on: its format's
 * lines mean the same in a head of the file as in the whole.
 */
export function canReadOn(t: Transcript): boolean {
  return readers.has(t);
}

export function appendLines(t: Transcript, piece: string): AppendOutcome {
  const reader = readers.get(t);
  if (!reader) return { fallback: `${t.format} files are parsed whole` };
  if (piece.length === 0 || !piece.endsWith('\n')) return { fallback: 'the new text does not end with a complete line' };
  return reader.append(piece);
}

/** Where a parser stopped reading: after `offset` units and `line` line breaks; `complete` when the text ended with one. */
export class ReadPosition {
  offset = 0;
  line = 0;
  complete = true;

  /** Moves past `text`. */
  advance(text: string): void {
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) this.line++;
    this.offset += text.length;
    this.complete = text.length === 0 ? this.complete : text.endsWith('\n');
  }
}
