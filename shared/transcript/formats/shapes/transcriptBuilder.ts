/**
 * Collects segments while a parser walks a file: threads each branch's tail,
 * carries gaps down a branch (an image or encrypted search result makes every
 * later output on that branch incomplete), and on `build` puts file-level and
 * branch gaps onto each output.
 */
import type { ContextGap } from '../../../classifier/types';
import type { OffsetMap, ParseError, Role, Segment, ToolRef, Transcript } from '../../model';
import type { JsonPath, JsonRegion } from '../../json/jsonRegion';
import { LazyMap, ShiftMap } from '../../offsets/offsetMaps';
import { markActions } from '../../toolCalls';
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
}

export class TranscriptBuilder {
  readonly segments: Segment[] = [];
  private readonly fileGaps: ContextGap[] = [];
  /** Gaps inherited along each segment's branch (shared arrays until one adds). */
  private readonly branchGaps: (readonly ContextGap[])[] = [];
  /** Each segment's place in the file, to hand segments out in file order. */
  private readonly orders: OrderKey[] = [];

  /**
   * Adds the string at `path` as a segment and returns its id, or `spec.parent`
   * when the string is empty or blank (nothing to ground, nothing to check).
   */
  addString(src: JsonSource, path: JsonPath, text: string, spec: SegmentSpec): number {
    if (isBlank(text)) return spec.parent;
    return this.add(text, resilientStringMap(src.region, path, text), src.lineOf(path), spec, src.orderOf(path));
  }

  /**
   * Adds text whose map the caller built (derived text, raw JSON slices);
   * `order` is the file-order key of where it sits (see `rawOrder`).
   */
  add(text: string, map: OffsetMap, line: number, spec: SegmentSpec, order: OrderKey): number {
    const id = this.segments.length;
    const segment: Segment = { id, role: spec.role, text, map, line, parent: spec.parent, isOutput: spec.isOutput === true };
    if (spec.label) segment.label = spec.label;
    if (spec.tool) segment.tool = spec.tool;
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
  addGapMarker(src: JsonSource, path: JsonPath, gap: ContextGap, spec: SegmentSpec): number {
    const map = new LazyMap(() => new ShiftMap(resilientOffsetOf(src.region, path)));
    const id = this.add('', map, src.lineOf(path), spec, src.orderOf(path));
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

  build(format: string, errors: ParseError[]): Transcript {
    for (const s of this.segments) {
      if (!s.isOutput) continue;
      const inherited = this.branchGaps[s.id];
      const gaps = [...this.fileGaps, ...inherited.filter((g) => !this.fileGaps.some((f) => f.code === g.code))];
      if (gaps.length > 0) s.gaps = gaps;
    }
    const segments = inFileOrder(this.segments, this.orders);
    markActions(segments);
    return { format, segments, errors, gaps: [...this.fileGaps] };
  }
}

/**
 * Segments renumbered in file order. Parents keep pointing at the same
 * segments, so a tool definition listed after the messages it served is
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
