/**
 * Collects segments in the order a parser adds them (Markdown chats, eval
 * and trace records), numbers them, works out each segment's line (in the
 * parsed file or a secondary source such as a zip entry), and at the end
 * copies file-level gaps onto every output so a consumer looking at one
 * output sees everything it lacks. (Agent and API logs, whose JSON is walked
 * out of file order and whose gaps follow branches, use
 * `shapes/fileOrderTranscriptBuilder`.)
 */
import type { ContextGap } from '../../../classifier/types';
import { TextPool } from '../../../text/textPool';
import type { OffsetMap, ParseError, Role, Segment, ToolRef, Transcript } from '../../model';
import { markActions } from '../../toolCalls';
import { LineIndex } from '../../offsets/lineIndex';

export interface NewSegment {
  role: Role;
  text: string;
  map: OffsetMap;
  parent: number;
  isOutput?: boolean;
  label?: string;
  gaps?: ContextGap[];
  source?: string;
  /** Known start line; otherwise computed from `map.toRaw(0)`. */
  line?: number;
  /** For tool calls and results: which call the text belongs to. */
  tool?: ToolRef;
}

/** Where a segment's line is worked out from, until it is first read; then the line itself. */
const PENDING_LINE = Symbol('pendingLine');

interface PendingLine {
  builder: InOrderTranscriptBuilder;
  map: OffsetMap;
  source: string | undefined;
}

type DeferredSegment = Segment & { [PENDING_LINE]: PendingLine | number };

/**
 * One getter for every deferred line, added as a new property so that every
 * segment keeps one fast shape. A getter made for each segment, put in place
 * of a data property, left each segment in V8's slow (dictionary) mode, and
 * such segments, with the parse their getter held (the builder, the raw
 * text), outlived young collections: a stream of RAG rows checked one by one
 * piled its dead rows up in the old generation until a full collection.
 */
const DEFERRED_LINE: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: DeferredSegment): number {
    const pending = this[PENDING_LINE];
    if (typeof pending === 'number') return pending;
    const line = pending.builder.lineOf(pending.map.toRaw(0), pending.source);
    this[PENDING_LINE] = line;
    return line;
  },
};

export class InOrderTranscriptBuilder {
  readonly segments: Segment[] = [];
  readonly errors: ParseError[] = [];
  readonly gaps: ContextGap[] = [];
  private lines: LineIndex | undefined;
  /** Line indexes of other texts (zip entries, referenced files), by source name. */
  private readonly sourceLines = new Map<string, LineIndex>();
  private readonly entries = new Map<string, string>();
  /** Repeated texts (the same file read again, the same tool output) are held once. */
  private readonly texts = new TextPool();

  constructor(
    readonly format: string,
    private readonly raw: string,
  ) {}

  /** Registers the text of a secondary source so segments in it get lines. */
  addSource(name: string, text: string): void {
    this.sourceLines.set(name, new LineIndex(text));
  }

  /** Registers an archive entry: segments whose source is `name` lie inside the checked file, in this text. */
  addEntry(name: string, text: string): void {
    this.addSource(name, text);
    this.entries.set(name, text);
  }

  /** Adds a segment and returns its id. Empty text is skipped (returns `parent`). */
  add(s: NewSegment): number {
    if (s.text.length === 0) return s.parent;
    const id = this.segments.length;
    const text = this.texts.shared(s.text);
    let seg: Segment;
    if (s.line === undefined) {
      // The line needs the segment's raw offset, which may need an offset-aware
      // parse of its JSON; defer it until someone looks, as the maps do.
      seg = { id, role: s.role, text, map: s.map } as Segment;
      Object.defineProperty(seg, 'line', DEFERRED_LINE);
      Object.defineProperty(seg, PENDING_LINE, { value: { builder: this, map: s.map, source: s.source }, writable: true });
      seg.parent = s.parent;
      seg.isOutput = s.isOutput ?? false;
    } else {
      seg = { id, role: s.role, text, map: s.map, line: s.line, parent: s.parent, isOutput: s.isOutput ?? false };
    }
    if (s.label !== undefined) seg.label = s.label;
    if (s.gaps && s.gaps.length > 0) seg.gaps = [...s.gaps];
    if (s.source !== undefined) seg.source = s.source;
    if (s.tool !== undefined) seg.tool = s.tool;
    this.segments.push(seg);
    return id;
  }

  /** A gap that holds for the whole file (deduplicated by code). */
  addFileGap(gap: ContextGap): void {
    // One per kind and wording: two unreadable files are two gaps, the same one named twice is one.
    if (!this.gaps.some((g) => g.code === gap.code && g.message === gap.message)) this.gaps.push(gap);
  }

  /** A located error; libraries may point past the end of a cut-off file, so the range is clamped to it. */
  error(message: string, start: number, end: number): void {
    const s = Math.max(0, Math.min(start, this.raw.length));
    const e = Math.max(s, Math.min(end, this.raw.length));
    this.errors.push({ message, rawRange: [s, e], line: this.lineOf(s) });
  }

  lineOf(offset: number, source?: string): number {
    const index = source !== undefined ? this.sourceLines.get(source) : undefined;
    if (index) return index.lineOf(offset);
    if (!this.lines) this.lines = new LineIndex(this.raw);
    return this.lines.lineOf(offset);
  }

  finish(): Transcript {
    markActions(this.segments);
    if (this.gaps.length > 0) {
      for (const seg of this.segments) {
        if (!seg.isOutput) continue;
        const own = seg.gaps ?? [];
        const extra = this.gaps.filter((g) => !own.some((o) => o.code === g.code && o.message === g.message));
        if (extra.length > 0) seg.gaps = [...own, ...extra];
      }
    }
    const t: Transcript = { format: this.format, segments: this.segments, errors: this.errors, gaps: this.gaps };
    if (this.entries.size > 0) t.entries = this.entries;
    return t;
  }
}
