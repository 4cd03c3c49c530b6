/**
 * The worker's copy of a document, kept as lines so that an edit inside one
 * line replaces one short string instead of copying the whole (possibly
 * 20 MB) text. The whole text is joined only when a full check needs it.
 * Lines end at `\n`, as transcript parsers count them.
 */
import { applyEdits, type OffsetEdit } from './textEdits';
import { lastAtMost } from '../../shared/text/sortedSearch';

/** An edit confined to one line, as the incremental re-check needs it. */
export interface LineEdit {
  /** 0-based line. */
  line: number;
  /** Raw range of the line's text before the edit, without its line break. */
  start: number;
  end: number;
  /** The line's text after the edit. */
  text: string;
}

export class LineText {
  /** Each line with its `\n` (the last line may have none). */
  private lines: string[];
  private starts: number[];
  private joined: string | undefined;
  private size: number;

  constructor(text: string) {
    this.joined = text;
    this.size = text.length;
    this.lines = [];
    this.starts = [];
    let from = 0;
    while (from < text.length) {
      const nl = text.indexOf('\n', from);
      const end = nl === -1 ? text.length : nl + 1;
      this.starts.push(from);
      this.lines.push(text.slice(from, end));
      from = end;
    }
    if (this.lines.length === 0 || text.endsWith('\n')) {
      this.starts.push(text.length);
      this.lines.push('');
    }
  }

  get text(): string {
    this.joined ??= this.lines.join('');
    return this.joined;
  }

  /** The edit as a change of one line, or undefined when it adds, removes or crosses a line break. */
  lineEdit(edit: OffsetEdit): LineEdit | undefined {
    if (edit.text.includes('\n')) return undefined;
    const line = this.lineOf(edit.start);
    const start = this.starts[line];
    const content = this.contentOf(line);
    const end = start + content.length;
    if (edit.end > end) return undefined;
    return { line, start, end, text: content.slice(0, edit.start - start) + edit.text + content.slice(edit.end - start) };
  }

  /**
   * Applies edits in order. When all of them stay inside one line, answers
   * them as one edit of that line (typing faster than checks run still
   * gets the incremental re-check); otherwise undefined.
   */
  applyAll(edits: readonly OffsetEdit[]): LineEdit | undefined {
    const first = edits.length > 0 ? this.lineEdit(edits[0]) : undefined;
    let sameLine = first !== undefined;
    for (const e of edits) {
      if (sameLine && this.lineEdit(e)?.line !== first!.line) sameLine = false;
      this.apply(e);
    }
    return sameLine && first ? { ...first, text: this.contentOf(first.line) } : undefined;
  }

  apply(edit: OffsetEdit): void {
    const one = this.lineEdit(edit);
    if (!one) {
      const text = applyEdits(this.text, [edit]);
      Object.assign(this, new LineText(text));
      return;
    }
    const delta = one.text.length - (one.end - one.start);
    const old = this.lines[one.line];
    this.lines[one.line] = one.text + old.slice(one.end - one.start);
    for (let i = one.line + 1; i < this.starts.length; i++) this.starts[i] += delta;
    this.size += delta;
    this.joined = undefined;
  }

  get length(): number {
    return this.size;
  }

  /** Adds `text` at the end, in time proportional to it (a session file the agent is still writing). */
  append(text: string): void {
    const last = this.lines.length - 1;
    const firstBreak = text.indexOf('\n');
    this.lines[last] += firstBreak === -1 ? text : text.slice(0, firstBreak + 1);
    if (firstBreak !== -1) {
      let from = firstBreak + 1;
      while (from < text.length) {
        const nl = text.indexOf('\n', from);
        const end = nl === -1 ? text.length : nl + 1;
        this.starts.push(this.size + from);
        this.lines.push(text.slice(from, end));
        from = end;
      }
      if (text.endsWith('\n')) {
        this.starts.push(this.size + text.length);
        this.lines.push('');
      }
    }
    this.size += text.length;
    if (this.joined !== undefined) this.joined += text;
  }

  private contentOf(line: number): string {
    const l = this.lines[line];
    return l.endsWith('\n') ? l.slice(0, -1) : l;
  }

  private lineOf(offset: number): number {
    return Math.max(0, lastAtMost(this.starts, offset));
  }
}
