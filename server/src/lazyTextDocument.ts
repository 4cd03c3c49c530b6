/**
 * A TextDocument for incremental sync that does not rebuild its text on
 * every keystroke. Editing a 20 MB string costs a 40 MB copy; positions only
 * need line starts, which an edit just shifts. So edits are kept as a list
 * and applied when someone asks for the text (a full check, a code action),
 * while line starts are updated in place.
 *
 * Line breaks are `\n`, `\r\n` and a lone `\r`, as LSP counts them.
 */
import type { Position, Range, TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { applyEdits, type OffsetEdit } from './textEdits';
import { lastAtMost } from '../../shared/text/sortedSearch';

/** The part of a TextDocument the server reads: positions, offsets and text. */
export type DocumentText = Pick<TextDocument, 'uri' | 'version' | 'lineCount' | 'getText' | 'offsetAt' | 'positionAt'>;

export class LazyTextDocument implements DocumentText {
  private text: string;
  private pending: OffsetEdit[] = [];
  /** The least start of the pending edits: no offset before it has moved. */
  private pendingFrom = Infinity;
  private starts: number[];
  private size: number;
  /** A lone `\r` somewhere: edits next to it can join or split line breaks, so lines are recounted. */
  private loneCr: boolean;
  /**
   * Edits so far that may have moved text already there to other positions:
   * all but text added at the end. What was built from positions before
   * the last of them still holds while this count stays the same.
   */
  rewrites = 0;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    public version: number,
    text: string,
  ) {
    this.text = text;
    this.size = text.length;
    this.starts = [0, ...lineStarts(text, 0)];
    this.loneCr = hasLoneCr(text);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  get length(): number {
    return this.size;
  }

  getText(range?: Range): string {
    if (range && this.pending.length > 0) {
      // Text before every pending edit is where it was: read it without applying them (a copy of the whole text).
      const end = this.offsetAt(range.end);
      if (end <= this.pendingFrom) return this.text.substring(this.offsetAt(range.start), end);
    }
    if (this.pending.length > 0) {
      this.text = applyEdits(this.text, this.pending);
      this.pending = [];
      this.pendingFrom = Infinity;
    }
    return range ? this.text.substring(this.offsetAt(range.start), this.offsetAt(range.end)) : this.text;
  }

  offsetAt(position: Position): number {
    if (position.line >= this.starts.length) return this.size;
    if (position.line < 0) return 0;
    const start = this.starts[position.line];
    // Clamp to the line's end: a line break belongs to no column of its line.
    const next = position.line + 1 < this.starts.length ? this.starts[position.line + 1] - 1 : this.size;
    return Math.max(start, Math.min(start + Math.max(0, position.character), Math.max(start, next)));
  }

  positionAt(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.size));
    const line = Math.max(0, lastAtMost(this.starts, o));
    return { line, character: o - this.starts[line] };
  }

  /** Applies one change and returns it as offsets into the text before it. */
  apply(change: TextDocumentContentChangeEvent, version: number): OffsetEdit | undefined {
    this.version = version;
    if (!('range' in change)) {
      this.rewrites++;
      this.text = change.text;
      this.pending = [];
      this.pendingFrom = Infinity;
      this.size = change.text.length;
      this.starts = [0, ...lineStarts(change.text, 0)];
      this.loneCr = hasLoneCr(change.text);
      return undefined;
    }
    const start = this.offsetAt(change.range.start);
    const end = this.offsetAt(change.range.end);
    const edit: OffsetEdit = { start, end, text: change.text };
    this.pending.push(edit);
    this.pendingFrom = Math.min(this.pendingFrom, start);
    const appended = start === this.size && end === this.size;
    this.size += change.text.length - (end - start);
    // Text added after a file with no lone \r, itself with none, cannot join a \r\n across the old end
    // (the end is no \r): its own line starts are all that changes, so a \r\n file grows without a recount.
    const joinsNoBreak = appended && !this.loneCr && !hasLoneCr(change.text);
    if (!joinsNoBreak && (this.loneCr || change.text.includes('\r'))) {
      // A \r\n pair may form across the old end, too.
      this.rewrites++;
      // A \r\n pair may form or break across the edit's edges: count the lines again.
      const text = this.getText();
      this.starts = [0, ...lineStarts(text, 0)];
      this.loneCr = hasLoneCr(text);
      return edit;
    }
    if (!appended) this.rewrites++;
    const startLine = Math.min(change.range.start.line, this.starts.length - 1);
    const endLine = Math.min(change.range.end.line, this.starts.length - 1);
    const added = lineStarts(change.text, start);
    // Without lone \r, a removed range never ends between \r and \n (LSP positions cannot), so the count holds.
    if (endLine === this.starts.length - 1) {
      // An edit of the last line (lines appended to a growing file): the starts before it stay where they are.
      this.starts.length = startLine + 1;
      for (const a of added) this.starts.push(a);
      return edit;
    }
    this.starts = [...this.starts.slice(0, startLine + 1), ...added, ...this.starts.slice(endLine + 1)];
    const delta = change.text.length - (end - start);
    if (delta !== 0) for (let i = startLine + 1 + added.length; i < this.starts.length; i++) this.starts[i] += delta;
    return edit;
  }
}

/** Offsets (plus `base`) just after each line break in `text`. */
function lineStarts(text: string, base: number): number[] {
  const out: number[] = [];
  // Most files have no \r at all: searching for \n alone is many times faster than reading each character.
  if (text.indexOf('\r') === -1) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) out.push(base + i + 1);
    return out;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) out.push(base + i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      out.push(base + i + 1);
    }
  }
  return out;
}

function hasLoneCr(text: string): boolean {
  for (let i = text.indexOf('\r'); i !== -1; i = text.indexOf('\r', i + 1)) if (text.charCodeAt(i + 1) !== 10) return true;
  return false;
}
