/**
 * Collects segments while a parser walks a file: threads each branch's tail,
 * carries gaps down a branch (an image or encrypted search result makes every
 * later output on that branch incomplete), and on `build` puts file-level and
 * branch gaps onto each output.
 */
import type { ContextGap } from '../../../classifier/types';
import type { OffsetMap, ParseError, Role, Segment, Transcript } from '../../model';
import type { JsonPath, JsonRegion } from '../../json/jsonRegion';
import { LazyMap, ShiftMap } from '../../offsets/offsetMaps';
import { resilientOffsetOf, resilientStringMap } from './resilientMaps';

/** Where strings come from: a JSON region plus how to find a path's line. */
export interface JsonSource {
  region: JsonRegion;
  lineOf(path: JsonPath): number;
}

export interface SegmentSpec {
  role: Role;
  parent: number;
  label?: string;
  isOutput?: boolean;
}

export class TranscriptBuilder {
  readonly segments: Segment[] = [];
  private readonly fileGaps: ContextGap[] = [];
  /** Gaps inherited along each segment's branch (shared arrays until one adds). */
  private readonly branchGaps: (readonly ContextGap[])[] = [];

  /**
   * Adds the string at `path` as a segment and returns its id, or `spec.parent`
   * when the string is empty or blank (nothing to ground, nothing to check).
   */
  addString(src: JsonSource, path: JsonPath, text: string, spec: SegmentSpec): number {
    if (isBlank(text)) return spec.parent;
    return this.add(text, resilientStringMap(src.region, path, text), src.lineOf(path), spec);
  }

  /** Adds text whose map the caller built (derived text, raw JSON slices). */
  add(text: string, map: OffsetMap, line: number, spec: SegmentSpec): number {
    const id = this.segments.length;
    const segment: Segment = { id, role: spec.role, text, map, line, parent: spec.parent, isOutput: spec.isOutput === true };
    if (spec.label) segment.label = spec.label;
    this.segments.push(segment);
    this.branchGaps.push(spec.parent >= 0 ? this.branchGaps[spec.parent] : []);
    return id;
  }

  /**
   * Marks that the model saw something unreadable at `path` (an image, an
   * encrypted result): an empty segment that carries `gap` to every later
   * segment on its branch.
   */
  addGapMarker(src: JsonSource, path: JsonPath, gap: ContextGap, spec: SegmentSpec): number {
    const map = new LazyMap(() => new ShiftMap(resilientOffsetOf(src.region, path)));
    const id = this.add('', map, src.lineOf(path), spec);
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
    return { format, segments: this.segments, errors, gaps: [...this.fileGaps] };
  }
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return false;
  }
  return true;
}
