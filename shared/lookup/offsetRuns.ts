/**
 * A normalized-to-original offset map stored as runs of constant shift.
 * Normalizing prose changes the shift between the two texts only at folded
 * whitespace runs and at the rare character whose length changes, so a 10 MB
 * context needs a few thousand runs instead of ten million offsets; a lookup
 * is a binary search, paid only for the handful of positions a match reports.
 */
import type { ShiftRuns } from '../text/normalize';
import { lastAtMostInt32 } from '../text/sortedSearch';

export class OffsetRuns {
  private constructor(
    /** Normalized index where each run starts, increasing; the first is 0. */
    private readonly starts: Int32Array,
    /** Original minus normalized offset within each run. */
    private readonly shifts: Int32Array,
  ) {}

  /** Compresses `map[0 .. length)`. */
  static fromMap(map: Int32Array, length: number): OffsetRuns {
    const starts: number[] = [];
    const shifts: number[] = [];
    let previous = NaN;
    for (let k = 0; k < length; k++) {
      const shift = map[k] - k;
      if (shift !== previous) {
        starts.push(k);
        shifts.push(shift);
        previous = shift;
      }
    }
    return new OffsetRuns(Int32Array.from(starts), Int32Array.from(shifts));
  }

  /** From runs recorded while normalizing (the same runs `fromMap` finds in the full map). */
  static fromRuns(runs: ShiftRuns): OffsetRuns {
    return new OffsetRuns(Int32Array.from(runs.starts), Int32Array.from(runs.shifts));
  }

  /** The original offset of normalized index `k`. */
  at(k: number): number {
    return this.starts.length === 0 ? k : k + this.shifts[this.runOf(k)];
  }

  /**
   * The original offsets of `k - 1`, `k`, `end - 1` and `end` (for
   * `k ≤ end`), written to `out`: one binary search, then a short walk, since
   * a match spans only a few runs.
   */
  around(k: number, end: number, out: Int32Array): void {
    const starts = this.starts;
    if (starts.length === 0) {
      out[0] = k - 1;
      out[1] = k;
      out[2] = end - 1;
      out[3] = end;
      return;
    }
    const shifts = this.shifts;
    let r = this.runOf(k);
    out[0] = k - 1 + shifts[r > 0 && k - 1 < starts[r] ? r - 1 : r];
    out[1] = k + shifts[r];
    while (r + 1 < starts.length && starts[r + 1] <= end) r++;
    out[2] = end - 1 + shifts[r > 0 && end - 1 < starts[r] ? r - 1 : r];
    out[3] = end + shifts[r];
  }

  /** The run holding normalized index `k` (the first run for negative `k`). */
  private runOf(k: number): number {
    return Math.max(0, lastAtMostInt32(this.starts, k));
  }

  get runCount(): number {
    return this.starts.length;
  }

  memoryBytes(): number {
    return this.starts.byteLength + this.shifts.byteLength;
  }
}
