/**
 * The context an output is checked against, indexed once and queried once per
 * entity form. A context has one or more parts (a transcript's system prompt,
 * tool results, documents); each part is normalized on its own and the
 * results are laid end to end, one separator unit apart, in a single buffer
 * that a 3-gram posting index (see gramIndex.ts) covers.
 *
 * A match never spans two parts, starts and ends on normalization cluster
 * boundaries, and is reported as a range in its part's original text.
 */
import type { ContextMatch } from '../classifier/types';
import { sentenceStarts } from '../text/sentences';
import { appendNormalized, NormalizedBuffer, normalizeForm } from '../text/normalize';
import { ByteUnits } from './byteUnits';
import { type CandidateCursor, GramIndex, latin1StandIn } from './gramIndex';
import { OffsetRuns } from './offsetRuns';
import { onTokenBoundaries } from './tokenBoundary';
import { firstAbove, lastAtMostInt32 } from '../text/sortedSearch';

export interface FindOptions {
  /** Case-sensitive, on token boundaries, within one sentence. */
  strict: boolean;
  /** Only parts this returns true for are searched. */
  accept?: (part: number) => boolean;
  /**
   * Parts from this index on are never searched. A turn's context lies
   * before it, so this ends a lookup at the turn instead of testing every
   * later part with `accept`.
   */
  before?: number;
  /**
   * Parts below this index are never searched: a lookup that already knows
   * the matches of the parts below (see nearestMatchMemo.ts) reads only the
   * parts after them.
   */
  from?: number;
  /** Stop after this many matches (document order). Default: all. */
  limit?: number;
  /**
   * Only matches this returns true for are returned. It is asked of every
   * verified match in lookup order, once, before `examine` is counted.
   */
  keep?: (part: number, start: number, end: number) => boolean;
  /**
   * Stop after verifying this many matches, kept or not. A filtered lookup
   * then costs what the unfiltered one with this limit costs, however rare
   * the kept matches are: a short number met inside longer ones all through
   * a session is not searched for end to end by every output that names it.
   */
  examine?: number;
}

/** The verified matches a lookup keeps, in the order it reads them, and when it has read enough. */
class TakenMatches {
  readonly matches: ContextMatch[] = [];
  private examined = 0;

  constructor(
    private readonly limit: number,
    private readonly examine: number,
    private readonly keep: FindOptions['keep'],
  ) {}

  /** Takes a verified match if `keep` does; true when the lookup should stop. */
  offer(match: ContextMatch): boolean {
    if (this.keep === undefined || this.keep(match.part, match.start, match.end)) {
      this.matches.push(match);
      if (this.matches.length >= this.limit) return true;
    }
    return ++this.examined >= this.examine;
  }
}

/** Between parts; any real occurrence of it is rejected by the part bounds check. */
const SEPARATOR = 0xffff;

export class ContextIndex {
  private readonly sentenceCache = new Map<number, readonly number[]>();
  /** Original offsets around a match being verified (see OffsetRuns.around), reused. */
  private readonly ends = new Int32Array(4);

  private constructor(
    private readonly parts: readonly string[],
    /** Case-folded normalized text of all parts, separators between. */
    private readonly text: ByteUnits,
    /** Part-local original offset of each unit; a separator holds its part's length. */
    private readonly toOriginal: OffsetRuns,
    /** Where each part starts in `text`; entry `partCount` is the total length. */
    private readonly partStarts: Int32Array,
    private readonly grams: GramIndex,
  ) {}

  static build(parts: readonly string[]): ContextIndex {
    let total = 0;
    for (const part of parts) total += part.length + 1;
    const buffer = new NormalizedBuffer(total, 'runs', latin1StandIn);
    const partStarts = new Int32Array(parts.length + 1);
    for (let p = 0; p < parts.length; p++) {
      partStarts[p] = buffer.length;
      appendNormalized(parts[p], { foldCase: true }, buffer);
      buffer.push(SEPARATOR, parts[p].length);
    }
    partStarts[parts.length] = buffer.length;
    // Whitespace folding leaves part of the buffer unused (a few percent in
    // prose, more in indented code). A view keeps that slack (memoryBytes()
    // counts it): a trimmed copy would hold both buffers at once, and the
    // peak a large session reaches would grow by the whole text's size.
    const text = ByteUnits.of(buffer);
    const toOriginal = OffsetRuns.fromRuns(buffer.runs!);
    // Own copy of the list: a caller reusing its array must not shift our parts.
    return new ContextIndex(parts.slice(), text, toOriginal, partStarts, GramIndex.build(text.bytes, text.length));
  }

  get partCount(): number {
    return this.parts.length;
  }

  get size(): number {
    return this.partStarts[this.parts.length];
  }

  partText(part: number): string {
    return this.parts[part];
  }

  /** Bytes held by the index itself (the part strings belong to the caller). */
  memoryBytes(): number {
    return this.text.memoryBytes() + this.toOriginal.memoryBytes() + this.partStarts.byteLength + this.grams.memoryBytes();
  }

  /**
   * Occurrences of a lookup form, in part order then position. Lenient: the
   * case-folded normalized form occurs in the case-folded normalized part.
   * Strict: additionally the original-case normalizations agree, the match
   * sits on token boundaries, and no sentence starts inside it.
   */
  find(form: string, opts: FindOptions): ContextMatch[] {
    const q = this.query(form, opts);
    if (!q) return [];
    const { folded, kept, from, before, taken } = q;
    const accept = opts.accept;
    const stop = this.partStarts[before];
    const cursor = folded.length === 1 ? new ScanCursor(this.text, folded.charCodeAt(0), stop) : this.grams.candidates(folded);
    let part = from - 1;
    let partAccepted = false;
    let min = this.partStarts[from];
    for (let c = cursor.next(min); c >= 0 && c < stop; c = cursor.next(min)) {
      if (part < from || c >= this.partStarts[part + 1]) {
        part = this.partOf(c, part);
        partAccepted = accept === undefined || accept(part);
      }
      if (!partAccepted) {
        min = this.partStarts[part + 1];
        continue;
      }
      min = c + 1;
      const match = this.verify(folded, kept, part, c, opts.strict);
      if (match !== undefined && taken.offer(match)) break;
    }
    return taken.matches;
  }

  /**
   * The occurrences of a form nearest before `opts.before`, nearest first
   * (parts from the last down, positions from the end down), up to
   * `opts.limit`: what a reader of an output saw last is where a reader of
   * the findings looks first. The same occurrences `find` accepts, read from
   * the other end, so a common form costs the matches asked for, not all.
   */
  findLast(form: string, opts: FindOptions): ContextMatch[] {
    const q = this.query(form, opts);
    if (!q) return [];
    const { folded, kept, from, before, taken } = q;
    const accept = opts.accept;
    const cursor = folded.length === 1 ? new BackwardScanCursor(this.text, folded.charCodeAt(0)) : this.grams.candidatesBackward(folded);
    const floor = this.partStarts[from];
    let max = this.partStarts[before] - 1;
    let part = before;
    let partAccepted = false;
    for (let c = cursor.prev(max); c >= floor; c = cursor.prev(max)) {
      if (c < this.partStarts[part]) {
        part = this.partAt(c);
        partAccepted = accept === undefined || accept(part);
      }
      if (!partAccepted) {
        max = this.partStarts[part] - 1;
        continue;
      }
      max = c - 1;
      const match = this.verify(folded, kept, part, c, opts.strict);
      if (match !== undefined && taken.offer(match)) break;
    }
    return taken.matches;
  }

  /** What both directions of a lookup start from, or undefined when nothing can match. */
  private query(form: string, opts: FindOptions): { folded: string; kept: string; from: number; before: number; taken: TakenMatches } | undefined {
    const folded = normalizeForm(form, { foldCase: true });
    const limit = opts.limit ?? Infinity;
    const examine = opts.examine ?? Infinity;
    const before = Math.min(opts.before ?? this.parts.length, this.parts.length);
    const from = Math.max(0, opts.from ?? 0);
    if (folded.length === 0 || limit <= 0 || before <= from || examine <= 0) return undefined;
    return { folded, kept: opts.strict ? normalizeForm(form, { foldCase: false }) : '', from, before, taken: new TakenMatches(limit, examine, opts.keep) };
  }

  /** The part holding normalized position `position`. */
  private partAt(position: number): number {
    return Math.max(0, lastAtMostInt32(this.partStarts, position, 0, this.parts.length));
  }

  /** The match starting at normalized position `c` of `part`, if the form really is there. */
  private verify(folded: string, kept: string, part: number, c: number, strict: boolean): ContextMatch | undefined {
    const partStart = this.partStarts[part];
    const partEnd = this.partStarts[part + 1] - 1;
    const end = c + folded.length;
    if (c < partStart || end > partEnd) return undefined;
    const bytes = this.text.bytes;
    for (let i = 0; i < folded.length; i++) {
      const unit = folded.charCodeAt(i);
      // Below 0x80 the byte is the unit; above, it may stand in for another.
      if (unit < 0x80 ? bytes[c + i] !== unit : this.text.unitAt(c + i) !== unit) return undefined;
    }
    const ends = this.ends;
    this.toOriginal.around(c, end, ends);
    const start = ends[1];
    const stop = ends[3];
    // Both ends must fall between clusters, or the original range would cut a character in two.
    if (c > partStart && start === ends[0]) return undefined;
    if (end < partEnd && stop === ends[2]) return undefined;
    if (strict && !this.strictHolds(kept, part, start, stop)) return undefined;
    return { part, start, end: stop };
  }

  private strictHolds(kept: string, part: number, start: number, end: number): boolean {
    const text = this.parts[part];
    if (!onTokenBoundaries(text, start, end)) return false;
    if (normalizeForm(text.slice(start, end), { foldCase: false }) !== kept) return false;
    return !this.sentenceStartsWithin(part, start, end);
  }

  private sentenceStartsWithin(part: number, start: number, end: number): boolean {
    let starts: readonly number[] | undefined = this.sentenceCache.get(part);
    if (starts === undefined) {
      starts = sentenceStarts(this.parts[part]);
      this.sentenceCache.set(part, starts);
    }
    // First sentence start after `start`; the match is split if it lies before `end`.
    const next = firstAbove(starts, start);
    return next < starts.length && starts[next] < end;
  }

  /**
   * The part holding `position`, searched from part `from` on (-1: from the
   * first). Candidates arrive in increasing order, usually in the next part
   * or one soon after, so a gallop from the last part finds it in a step or
   * two where a search of thousands of parts would take a dozen.
   */
  private partOf(position: number, from: number): number {
    const starts = this.partStarts;
    const last = this.parts.length - 1;
    let lo = Math.max(0, from);
    let step = 1;
    while (lo + step <= last && starts[lo + step] <= position) {
      lo += step;
      step *= 2;
    }
    const hi = Math.min(lo + step - 1, last);
    return Math.max(lo, lastAtMostInt32(starts, position, lo, hi + 1));
  }
}

/**
 * Single-unit forms (a lone digit) have no gram of their own; a scan with an
 * early stop at the caller's limit finds them, usually within the first few
 * hundred units of prose.
 */
class ScanCursor implements CandidateCursor {
  /** What the bytes hold where the unit is (see ByteUnits). */
  private readonly byte: number;

  constructor(
    private readonly text: ByteUnits,
    private readonly unit: number,
    private readonly end: number,
  ) {
    this.byte = unit > 0xff ? latin1StandIn(unit) : unit;
  }

  next(min: number): number {
    const { bytes } = this.text;
    const byte = this.byte;
    const exact = this.unit < 0x80;
    for (let i = min; i < this.end; i++) if (bytes[i] === byte && (exact || this.text.unitAt(i) === this.unit)) return i;
    return -1;
  }
}

/** ScanCursor read from the end. */
class BackwardScanCursor {
  private readonly byte: number;

  constructor(
    private readonly text: ByteUnits,
    private readonly unit: number,
  ) {
    this.byte = unit > 0xff ? latin1StandIn(unit) : unit;
  }

  prev(max: number): number {
    const { bytes } = this.text;
    const byte = this.byte;
    const exact = this.unit < 0x80;
    for (let i = max; i >= 0; i--) if (bytes[i] === byte && (exact || this.text.unitAt(i) === this.unit)) return i;
    return -1;
  }
}
