/**
 * A fixed set of ranges asked "does this range overlap any of you?" in
 * logarithmic time, so the refined rules stay linear-ish on outputs with
 * thousands of entities instead of comparing every pair.
 */
import type { Range } from '../classifier/types';
import { firstAtLeastInt32 } from '../text/sortedSearch';

export class RangeSet {
  private readonly starts: Int32Array;
  /** Largest end among the ranges up to each index (ranges may overlap one another). */
  private readonly maxEnds: Int32Array;

  constructor(ranges: readonly Range[]) {
    // Ranges mostly come in output order already: sorting is skipped then (a stable sort would keep them as they are).
    const sorted = inStartOrder(ranges) ? ranges : ranges.slice().sort((a, b) => a[0] - b[0]);
    const n = sorted.length;
    this.starts = new Int32Array(n);
    this.maxEnds = new Int32Array(n);
    let max = -1;
    for (let i = 0; i < n; i++) {
      const r = sorted[i];
      this.starts[i] = r[0];
      max = Math.max(max, r[1]);
      this.maxEnds[i] = max;
    }
  }

  /** Some range shares at least one character with `[start, end)`. */
  overlaps(start: number, end: number): boolean {
    // Last range starting before `end`; any overlapping range starts at or before it.
    const last = firstAtLeastInt32(this.starts, end) - 1;
    return last >= 0 && this.maxEnds[last] > start;
  }
}

function inStartOrder(ranges: readonly Range[]): boolean {
  for (let i = 1; i < ranges.length; i++) if (ranges[i][0] < ranges[i - 1][0]) return false;
  return true;
}

/** The ranges joined where they overlap or touch, in start order. */
export function unionOfRanges(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}
