/**
 * What a file looks like after the agent's own edit, when the agent had
 * seen the whole file: the listing it read, with the edit's `old_string`
 * replaced by its `new_string`. Line numbers the agent cites after editing
 * ("`test_multiply` at tests/test_math.py:14") are checked against that,
 * and every line keeps a place: unchanged lines where the read showed them,
 * new lines in the edit's own text.
 *
 * One replacement costs the file's size (the listing is joined once).
 */
import { forEachLine, type ShownLines } from './lineGutters';

/** One replacement an edit call made, with where its new text is. */
export interface Replacement {
  oldText: string;
  newText: string;
  /** The segment holding `newText`, and where it starts there. */
  segment: number;
  offset: number;
  all: boolean;
}

/**
 * `listing` (complete, lines ascending from 1) after `replacements` in
 * order, or undefined when one of them does not apply exactly once (or, for
 * `all`, at all): then the result cannot be known.
 */
export function editedListing(
  listing: ShownLines,
  listingSegment: number,
  text: (segment: number) => string,
  replacements: readonly Replacement[],
): ShownLines | undefined {
  let file = fileOf(listing, listingSegment, text);
  for (const r of replacements) {
    if (r.oldText === '') return undefined;
    const at = file.text.indexOf(r.oldText);
    if (at === -1 || (!r.all && file.text.indexOf(r.oldText, at + 1) !== -1)) return undefined;
    file = replaceAt(file, at, r);
    if (r.all) {
      for (let next = file.text.indexOf(r.oldText, at + r.newText.length); next !== -1; next = file.text.indexOf(r.oldText, next + r.newText.length)) {
        file = replaceAt(file, next, r);
      }
    }
  }
  return listingOf(listing.file, file);
}

/** A file's text with, per unit, the segment and offset it came from. */
interface Sourced {
  text: string;
  segments: Int32Array;
  offsets: Int32Array;
}

function fileOf(listing: ShownLines, listingSegment: number, text: (segment: number) => string): Sourced {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; i < listing.lines.length; i++) length += listing.ends[i] - listing.starts[i] + 1;
  const segments = new Int32Array(length);
  const offsets = new Int32Array(length);
  let at = 0;
  for (let i = 0; i < listing.lines.length; i++) {
    const segment = listing.segments?.[i] ?? listingSegment;
    const line = listing.texts?.[i] ?? text(segment).slice(listing.starts[i], listing.ends[i]);
    parts.push(line, '\n');
    for (let k = 0; k <= line.length; k++) {
      segments[at + k] = segment;
      offsets[at + k] = listing.starts[i] + k;
    }
    at += line.length + 1;
  }
  return { text: parts.join(''), segments, offsets };
}

function replaceAt(file: Sourced, at: number, r: Replacement): Sourced {
  const end = at + r.oldText.length;
  const text = file.text.slice(0, at) + r.newText + file.text.slice(end);
  const segments = new Int32Array(text.length);
  const offsets = new Int32Array(text.length);
  segments.set(file.segments.subarray(0, at), 0);
  offsets.set(file.offsets.subarray(0, at), 0);
  for (let k = 0; k < r.newText.length; k++) {
    segments[at + k] = r.segment;
    offsets[at + k] = r.offset + k;
  }
  segments.set(file.segments.subarray(end), at + r.newText.length);
  offsets.set(file.offsets.subarray(end), at + r.newText.length);
  return { text, segments, offsets };
}

function listingOf(file: string, sourced: Sourced): ShownLines {
  const shown: ShownLines = { file, lines: [], starts: [], ends: [], complete: true, segments: [], texts: [] };
  const body = sourced.text.endsWith('\n') ? sourced.text.slice(0, -1) : sourced.text;
  let n = 1;
  forEachLine(body, (start, end) => {
    shown.lines.push(n++);
    // A line's place is where its first character came from, as far as the same source runs on.
    const at = Math.min(start, sourced.text.length - 1);
    let run = at;
    while (run + 1 < end && sourced.segments[run + 1] === sourced.segments[at] && sourced.offsets[run + 1] === sourced.offsets[run] + 1) run++;
    shown.segments!.push(sourced.segments[at]);
    shown.starts.push(sourced.offsets[at]);
    shown.ends.push(end > start ? sourced.offsets[run] + 1 : sourced.offsets[at]);
    shown.texts!.push(body.slice(start, end));
  });
  return shown;
}
