/**
 * Where the lines a session showed of a file are now, after the agent's own
 * edits of it, even when it showed only part of the file: every listing
 * puts its lines in (the file as it stands then), and every edit is
 * followed through what is known. An edit found exactly once in the known
 * lines replaces its lines there and moves every known line after it by
 * the lines it added or removed (a patch's hunk, which the tool applies at
 * its first match, only where no line never shown could hold an earlier
 * one); an edit that cannot be pinned down so (not in the known lines, or
 * in them more than once) leaves every line from the first place it could
 * start unknown, since those may have moved.
 *
 * State is kept per file as the session's events come, so an edit costs the
 * lines known of its file, never the session's history.
 */
import { firstAtLeastBy } from '../../text/sortedSearch';
import type { Replacement } from './editedListings';
import type { ShownLines } from './lineGutters';
import type { PatchHunk } from './patchHunks';

/** A line of the file as it is now: where its text was shown, and the text itself only where that place does not hold all of it. */
interface KnownLine {
  line: number;
  segment: number;
  start: number;
  end: number;
  text?: string;
}

/** The place of a line no segment holds whole (segment -1: no part of the context). */
const NOWHERE = { segment: -1, start: 0, end: 0 };

/** Lines of a hunk, each once in what is known, that place it there though lines never shown could come first. */
const DISTINCT_LINES = 2;

export class TrackedFile {
  /** Ascending by line. */
  private known: KnownLine[] = [];

  /** `source` gives a segment's text, where shown lines' places are read. */
  constructor(private readonly source: (segment: number) => string) {}

  private textOf(k: KnownLine): string {
    return k.text ?? this.source(k.segment).slice(k.start, k.end);
  }

  /** Whether any line is known. */
  get empty(): boolean {
    return this.known.length === 0;
  }

  /** A listing shows lines as the file stands: they replace what was known of them (all of it, for a whole file). */
  show(shown: ShownLines, listingSegment: number): void {
    const fresh: KnownLine[] = [];
    for (let i = 0; i < shown.lines.length; i++) {
      const line: KnownLine = { line: shown.lines[i], segment: shown.segments?.[i] ?? listingSegment, start: shown.starts[i], end: shown.ends[i] };
      const text = shown.texts?.[i];
      if (text !== undefined) line.text = text;
      fresh.push(line);
    }
    if (shown.complete) {
      this.known = fresh;
      return;
    }
    const merged: KnownLine[] = [];
    let i = 0;
    let j = 0;
    while (i < this.known.length || j < fresh.length) {
      if (j >= fresh.length || (i < this.known.length && this.known[i].line < fresh[j].line)) merged.push(this.known[i++]);
      else {
        if (i < this.known.length && this.known[i].line === fresh[j].line) i++;
        merged.push(fresh[j++]);
      }
    }
    this.known = merged;
  }

  /** Nothing is known any more (an edit that could not be read, the file deleted or moved). */
  forget(): void {
    this.known = [];
  }

  /**
   * A patch's hunks, in order. The tool applies a hunk at the first place
   * its lines match after the hunk before it (after the line its `@@` text
   * names, when it names one), so a match among the known lines is that
   * place only when no earlier place could hold one: when every line from
   * where the search starts to the match is known, or when the hunk has
   * `DISTINCT_LINES` lines that each occur once in what is known (a run of
   * such lines repeated in lines never shown is too unlikely to doubt). A
   * hunk that adds lines without any to match says nothing of where they go.
   */
  patch(hunks: readonly PatchHunk[], segment: number): void {
    let cursor = 1;
    let counts: Map<string, number> | undefined;
    for (const h of hunks) {
      if (h.old.length === 0) {
        this.forgetFrom(1);
        return;
      }
      // The line the `@@` text names: the hunk is sought after it.
      let from = cursor;
      if (h.context !== undefined) {
        const named = this.firstMatch([h.context], cursor);
        if (named === undefined) {
          this.forgetFrom(this.earliestUnknown(cursor, 1));
          return;
        }
        from = this.known[named].line + 1;
      }
      const at = this.firstMatch(h.old, from);
      if (at === undefined) {
        this.forgetFrom(this.earliestUnknown(cursor, h.old.length));
        return;
      }
      counts ??= this.lineCounts();
      const distinct = h.old.filter((l) => l.trim() !== '' && counts!.get(l.trimEnd()) === 1).length;
      const first = this.knownUpTo(cursor, this.known[at].line);
      if (!first && !(distinct >= DISTINCT_LINES && this.findLines(h.old, cursor) === at)) {
        this.forgetFrom(this.earliestUnknown(cursor, h.old.length));
        return;
      }
      const line = this.known[at].line;
      this.replace(
        at,
        h.old.length,
        h.new.map((n) => ({ line: 0, segment, start: n.start, end: n.end })),
      );
      cursor = line + h.new.length;
      counts = undefined;
    }
  }

  /** Whether every line from `from` to just before `to` is known. */
  private knownUpTo(from: number, to: number): boolean {
    const i = this.firstIndexFrom(from);
    return to <= from || (i < this.known.length && this.known[i].line === from && this.known[i + (to - 1 - from)]?.line === to - 1);
  }

  /** How many known lines hold each text (without trailing blanks). */
  private lineCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const k of this.known) {
      const text = this.textOf(k).trimEnd();
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * An edit tool's replacements, in order (`old_string` is unique in the
   * file, or the tool fails): each found once in a run of known lines
   * replaces the lines it spans.
   */
  edit(edits: readonly Replacement[]): void {
    for (const e of edits) {
      if (e.oldText === '') {
        this.forget();
        return;
      }
      const oldBreaks = countBreaks(e.oldText);
      if (e.all) {
        // Every occurrence, known or not: lines stay where they are only when neither side spans lines.
        if (oldBreaks > 0 || countBreaks(e.newText) > 0) {
          this.forget();
          return;
        }
        this.known = this.known.filter((k) => !this.textOf(k).includes(e.oldText));
        continue;
      }
      const found = this.findText(e.oldText);
      if (found === undefined) {
        this.forgetFrom(this.earliestUnknown(0, oldBreaks + 1));
        return;
      }
      if (found === -1) {
        // Twice in what is known, yet the tool found it once: what is known is not the file.
        this.forget();
        return;
      }
      this.replaceText(found.first, found.at, e, oldBreaks);
    }
  }

  /** The known lines as a listing (not the whole file), or undefined when none is known. */
  listing(file: string): ShownLines | undefined {
    if (this.known.length === 0) return undefined;
    const shown: ShownLines = { file, lines: [], starts: [], ends: [], complete: false, segments: [], texts: [] };
    for (const k of this.known) {
      shown.lines.push(k.line);
      shown.starts.push(k.start);
      shown.ends.push(k.end);
      shown.segments!.push(k.segment);
      shown.texts!.push(k.text);
    }
    return shown;
  }

  /**
   * Where consecutive known lines from line `after` on match `old`: the index
   * of the first, -1 when they match in more than one place, undefined when
   * in none.
   */
  private findLines(old: readonly string[], after: number): number | undefined {
    let found: number | undefined;
    for (let i = this.firstIndexFrom(after); i + old.length <= this.known.length; i++) {
      if (!this.matchesAt(old, i)) continue;
      if (found !== undefined) return -1;
      found = i;
    }
    return found;
  }

  /** The index of the first known line from line `after` on where consecutive known lines match `old`, or undefined. */
  private firstMatch(old: readonly string[], after: number): number | undefined {
    for (let i = this.firstIndexFrom(after); i + old.length <= this.known.length; i++) if (this.matchesAt(old, i)) return i;
    return undefined;
  }

  private matchesAt(old: readonly string[], i: number): boolean {
    const first = this.known[i].line;
    for (let k = 0; k < old.length; k++) {
      const line = this.known[i + k];
      // A patch tolerates trailing blanks that differ.
      if (line.line !== first + k || this.textOf(line).trimEnd() !== old[k].trimEnd()) return false;
    }
    return true;
  }

  /** Index of the first known line at or after `line`. */
  private firstIndexFrom(line: number): number {
    return firstAtLeastBy(this.known, (k) => k.line, line);
  }

  /**
   * The first line an edit of `span` lines not found among the known lines
   * after `after` could start on: it holds a line never shown, so it starts
   * at most `span - 1` lines before the first such line.
   */
  private earliestUnknown(after: number, span: number): number {
    let expected = Math.max(1, after);
    for (let i = this.firstIndexFrom(expected); i < this.known.length && this.known[i].line === expected; i++) expected++;
    return Math.max(1, expected - span + 1, after);
  }

  /** Lines from `line` on may have moved: they are no longer known. */
  private forgetFrom(line: number): void {
    this.known.length = this.firstIndexFrom(line);
  }

  /** Replaces `count` known lines from index `at` (consecutive lines) with `lines`, moving the lines after. */
  private replace(at: number, count: number, lines: KnownLine[]): void {
    const first = this.known[at].line;
    lines.forEach((l, k) => {
      l.line = first + k;
    });
    const shift = lines.length - count;
    const tail = this.known.slice(at + count);
    for (const t of tail) t.line += shift;
    this.known.length = at;
    for (const l of lines) this.known.push(l);
    for (const t of tail) this.known.push(t);
  }

  /**
   * Where `text` is in a run of consecutive known lines joined by newlines:
   * the run's first index and the offset in it; -1 when it is there more
   * than once, undefined when nowhere.
   */
  private findText(text: string): { first: number; at: number } | -1 | undefined {
    let found: { first: number; at: number } | undefined;
    for (let first = 0; first < this.known.length; ) {
      let last = first;
      while (last + 1 < this.known.length && this.known[last + 1].line === this.known[last].line + 1) last++;
      const run = this.known
        .slice(first, last + 1)
        .map((k) => this.textOf(k))
        .join('\n');
      const at = run.indexOf(text);
      if (at !== -1) {
        if (found !== undefined || run.indexOf(text, at + 1) !== -1) return -1;
        found = { first, at };
      }
      first = last + 1;
    }
    return found;
  }

  /** Replaces the lines the edit's old text spans in the run from index `first` (at offset `at`) with the lines it leaves. */
  private replaceText(first: number, at: number, e: Replacement, oldBreaks: number): void {
    // The run's line holding the edit's first character, and the offset of that line in the run.
    let index = first;
    let lineStart = 0;
    while (lineStart + this.textOf(this.known[index]).length < at) {
      lineStart += this.textOf(this.known[index]).length + 1;
      index++;
    }
    const head = this.known[index];
    const tail = this.known[index + oldBreaks];
    const prefix = this.textOf(head).slice(0, at - lineStart);
    const oldEnd = at + e.oldText.length;
    // Offset in the run of the last spanned line.
    let tailStart = lineStart;
    for (let k = index; k < index + oldBreaks; k++) tailStart += this.textOf(this.known[k]).length + 1;
    const suffix = this.textOf(tail).slice(oldEnd - tailStart);
    const block = prefix + e.newText + suffix;
    const lines: KnownLine[] = [];
    let from = 0;
    const newFrom = prefix.length;
    const newTo = prefix.length + e.newText.length;
    for (;;) {
      const nl = block.indexOf('\n', from);
      const to = nl === -1 ? block.length : nl;
      const textEnd = to > from && block.charCodeAt(to - 1) === 13 ? to - 1 : to;
      const a = Math.max(from, newFrom);
      const b = Math.min(textEnd, newTo);
      const text = block.slice(from, textEnd);
      if (a === from && b === textEnd && b > a) lines.push({ line: 0, segment: e.segment, start: e.offset + a - newFrom, end: e.offset + b - newFrom });
      else if (text === this.textOf(head) && from < newFrom) lines.push({ line: 0, text, segment: head.segment, start: head.start, end: head.end });
      else if (text === this.textOf(tail) && from >= newTo) lines.push({ line: 0, text, segment: tail.segment, start: tail.start, end: tail.end });
      // A line pieced from what was shown and the edit's new text is nowhere whole: a place would point at only part of it.
      else lines.push({ line: 0, text, ...NOWHERE });
      if (nl === -1) break;
      from = nl + 1;
    }
    this.replace(index, oldBreaks + 1, lines);
  }
}

function countBreaks(text: string): number {
  let n = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) n++;
  return n;
}
