/**
 * Collects segments while a parser of an agent or API log walks its JSON, in
 * whatever order the walk finds them, and hands them out in file order: the
 * string at a JSON path keeps its raw offsets through escapes. It threads
 * each branch's tail, carries gaps down a branch (an image or encrypted
 * search result makes every later output on that branch incomplete), and on
 * `build` puts file-level and branch gaps onto each output. (Formats that
 * add segments in file order already use `common/inOrderTranscriptBuilder`.)
 */
import type { ContextGap } from '../../../classifier/types';
import { TextPool } from '../../../text/textPool';
import type { OffsetMap, ParseError, Role, Segment, ToolRef, Transcript } from '../../model';
import type { JsonPath, JsonRegion } from '../../json/jsonRegion';
import { LazyMap, ShiftMap } from '../../offsets/offsetMaps';
import { markActionsOf, ToolCallLinker, type TouchedCall } from '../../toolCalls';
import { decodedFromCleaned } from './blankedText';
import { compareOrder, type OrderKey } from './rawOrder';
import { resilientOffsetOf, resilientStringMap } from './resilientMaps';

/** Where strings come from: a JSON region plus how to find a path's line and file order. */
export interface JsonSource {
  region: JsonRegion;
  lineOf(path: JsonPath): number;
  orderOf(path: JsonPath): number[];
}

export interface SegmentSpec {
  role: Role;
  parent: number;
  label?: string;
  isOutput?: boolean;
  tool?: ToolRef;
  /** The file the text is in, when not the parsed one (its map then gives offsets in that file). */
  source?: string;
}

export class FileOrderTranscriptBuilder {
  readonly segments: Segment[] = [];
  private readonly fileGaps: ContextGap[] = [];
  /** Gaps inherited along each segment's branch (shared arrays until one adds). */
  private readonly branchGaps: (readonly ContextGap[])[] = [];
  /** Each segment's place in the file, to hand segments out in file order. */
  private readonly orders: OrderKey[] = [];
  /** After `build`: what it returned, each builder id's place in it (absent where they agree), and the calls linked. */
  private built: Transcript | undefined;
  private fileIds: Int32Array | undefined;
  private readonly linker = new ToolCallLinker();
  /** Repeated texts (the same file read again, the same tool output) are held once. */
  private readonly texts = new TextPool();

  /**
   * Adds the string at `path` as a segment and returns its id, or `spec.parent`
   * when the string is empty or blank (nothing to ground, nothing to check).
   */
  addString(src: JsonSource, path: JsonPath, text: string, spec: SegmentSpec): number {
    if (isBlank(text)) return spec.parent;
    // The map keeps the text it was made from: it is given the pooled copy too, or the repeated one stays alive in it.
    const shared = this.texts.shared(text);
    return this.add(shared, resilientStringMap(src.region, path, shared), src.lineOf(path), spec, src.orderOf(path));
  }

  /**
   * Adds `cleaned`, the string at `path` with characters blanked in place
   * (see toolOutputText.ts), as a segment. Its map is the string's own and
   * checks itself against the string as decoded, which it rebuilds from
   * the cleaned text and the few characters blanked: holding every decoded
   * original beside its cleaned copy doubled the text of a session whose
   * shells print colours.
   */
  addCleanedString(src: JsonSource, path: JsonPath, decoded: string, cleaned: string, spec: SegmentSpec): number {
    const shared = this.texts.shared(cleaned);
    return this.add(shared, resilientStringMap(src.region, path, decodedFromCleaned(decoded, shared)), src.lineOf(path), spec, src.orderOf(path));
  }

  /**
   * Adds text whose map the caller built (derived text, raw JSON slices);
   * `order` is the file-order key of where it sits (see `rawOrder`).
   */
  add(text: string, map: OffsetMap, line: number, spec: SegmentSpec, order: OrderKey): number {
    const id = this.segments.length;
    const segment: Segment = { id, role: spec.role, text: this.texts.shared(text), map, line, parent: spec.parent, isOutput: spec.isOutput === true };
    if (spec.label) segment.label = spec.label;
    if (spec.tool) segment.tool = spec.tool;
    if (spec.source !== undefined) segment.source = spec.source;
    this.segments.push(segment);
    this.branchGaps.push(spec.parent >= 0 ? this.branchGaps[spec.parent] : []);
    this.orders.push(order);
    return id;
  }

  /**
   * Marks that the model saw something unreadable at `path` (an image, an
   * encrypted result): an empty segment that carries `gap` to every later
   * segment on its branch.
   */
  /**
   * A tool's output that is empty (a command that printed nothing): still a
   * segment, since it says the call came back and how (succeeded or
   * failed), which the facts of a session read from the result's presence.
   */
  addEmptyResult(src: JsonSource, path: JsonPath, spec: SegmentSpec): number {
    // The region alone: the source's own functions hold the line's whole parsed value (an image's data).
    const region = src.region;
    const map = new LazyMap(() => new ShiftMap(resilientOffsetOf(region, path)));
    return this.add('', map, src.lineOf(path), spec, src.orderOf(path));
  }

  addGapMarker(src: JsonSource, path: JsonPath, gap: ContextGap, spec: SegmentSpec): number {
    const id = this.addEmptyResult(src, path, spec);
    this.carryGap(id, gap);
    return id;
  }

  /** From segment `id` on (itself included, if an output), its branch lacks what `gap` describes. */
  carryGap(id: number, gap: ContextGap): void {
    const current = this.branchGaps[id];
    if (current.some((g) => g.code === gap.code)) return;
    this.branchGaps[id] = [...current, gap];
  }

  addFileGap(gap: ContextGap): void {
    if (!this.fileGaps.some((g) => g.code === gap.code)) this.fileGaps.push(gap);
  }

  /** The file gap of `gap`'s code, reworded as `gap` says (added if absent). */
  rewordFileGap(gap: ContextGap): void {
    const at = this.fileGaps.findIndex((g) => g.code === gap.code);
    if (at >= 0) this.fileGaps[at] = gap;
    else this.fileGaps.push(gap);
  }

  build(format: string, errors: ParseError[]): Transcript {
    this.setOutputGaps(0);
    const segments = inFileOrder(this.segments, this.orders);
    // Renumbering set each segment's id to its place in the file.
    if (segments !== this.segments) this.fileIds = Int32Array.from(this.segments, (s) => s.id);
    this.linker.link(segments, 0);
    for (const call of this.linker.calls) markActionsOf(call, segments);
    this.built = { format, segments, errors, gaps: [...this.fileGaps] };
    return this.built;
  }

  /** Segments added since `build` (or the last call) from builder id `from` on, appended to the built transcript. */
  appendToBuilt(from: number): { actionsAdded: number[] } | { fallback: string } {
    const t = this.built;
    if (!t) return { fallback: 'the transcript was not built yet' };
    if (t.gaps.length !== this.fileGaps.length) return { fallback: 'the new lines say the whole file lacks context' };
    for (let id = from + 1; id < this.segments.length; id++) {
      if (compareOrder(this.orders[id - 1], this.orders[id]) > 0) return { fallback: 'the new segments are not in file order' };
    }
    this.setOutputGaps(from);
    const fileIds = this.fileIds;
    for (let id = from; id < this.segments.length; id++) {
      const s = this.segments[id];
      // Earlier segments may have been renumbered in file order; new ones keep their place after them.
      if (fileIds && s.parent >= 0 && s.parent < fileIds.length) s.parent = fileIds[s.parent];
      if (fileIds && s.compactedFrom !== undefined && s.compactedFrom < fileIds.length) s.compactedFrom = fileIds[s.compactedFrom];
      // Where the first build kept the builder's own list, the new segments are already in it.
      if (t.segments !== this.segments) t.segments.push(s);
    }
    const touched: TouchedCall[] = [];
    this.linker.link(t.segments, from, touched);
    const actionsAdded: number[] = [];
    for (const before of touched) {
      const call = this.linker.calls[before.index];
      if (before.segmentsBefore > 0 && call.segments.length > before.segmentsBefore) return { fallback: 'a new tool call repeats an earlier call id' };
      if (before.succeededBefore && !call.succeeded) return { fallback: 'an earlier tool call now reports a failure' };
      for (const id of markActionsOf(call, t.segments)) if (id < from) actionsAdded.push(id);
    }
    return { actionsAdded: actionsAdded.sort((a, b) => a - b) };
  }

  /** Puts file-level and branch gaps onto outputs from `from` on. */
  private setOutputGaps(from: number): void {
    for (let id = from; id < this.segments.length; id++) {
      const s = this.segments[id];
      if (!s.isOutput) continue;
      const inherited = this.branchGaps[id];
      const gaps = [...this.fileGaps, ...inherited.filter((g) => !this.fileGaps.some((f) => f.code === g.code))];
      if (gaps.length > 0) s.gaps = gaps;
    }
  }
}

/**
 * Segments renumbered in file order. Parents (and the branches compactions
 * replaced) keep pointing at the same segments, so a tool definition listed after the messages it served is
 * still their ancestor (a parent may now come later in the list).
 */
function inFileOrder(segments: Segment[], orders: OrderKey[]): Segment[] {
  let sorted = true;
  for (let i = 1; i < orders.length && sorted; i++) sorted = compareOrder(orders[i - 1], orders[i]) <= 0;
  if (sorted) return segments;
  const byFile = segments.map((_, i) => i).sort((a, b) => compareOrder(orders[a], orders[b]) || a - b);
  const newId = new Int32Array(segments.length);
  byFile.forEach((old, i) => (newId[old] = i));
  return byFile.map((old, i) => {
    const s = segments[old];
    s.id = i;
    s.parent = s.parent >= 0 ? newId[s.parent] : -1;
    if (s.compactedFrom !== undefined) s.compactedFrom = newId[s.compactedFrom];
    return s;
  });
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return false;
  }
  return true;
}
