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
    const sorted = ranges.slice().sort((a, b) => a[0] - b[0]);
    this.starts = Int32Array.from(sorted, (r) => r[0]);
    this.maxEnds = new Int32Array(sorted.length);
    let max = -1;
    sorted.forEach((r, i) => {
      max = Math.max(max, r[1]);
      this.maxEnds[i] = max;
    });
  }

  /** Some range shares at least one character with `[start, end)`. */
  overlaps(start: number, end: number): boolean {
    // Last range starting before `end`; any overlapping range starts at or before it.
    const last = firstAtLeastInt32(this.starts, end) - 1;
    return last >= 0 && this.maxEnds[last] > start;
  }
}
