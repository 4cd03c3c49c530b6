import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  firstAbove,
  firstAboveBy,
  firstAboveInt32,
  firstAtLeast,
  firstAtLeastBy,
  firstAtLeastInt32,
  firstNotBelow,
  lastAtMost,
  lastAtMostBy,
  lastAtMostInt32,
} from '../../../shared/text/sortedSearch';

/** The definitions, by a linear scan of `[from, to)`. */
function scanFirst(values: readonly number[], holds: (v: number) => boolean, from: number, to: number): number {
  for (let i = from; i < to; i++) if (holds(values[i])) return i;
  return to;
}

/** Ascending values with repeats (offsets of empty lines, equal starts), and a target near them. */
const sorted = fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 40 }).map((xs) => xs.sort((a, b) => a - b));
const target = fc.integer({ min: -3, max: 33 });
/** A sub-range `[from, to)` of an array of length `n`. */
const bracket = (n: number) =>
  fc.tuple(fc.integer({ min: 0, max: n }), fc.integer({ min: 0, max: n })).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);

describe('sortedSearch', () => {
  it('finds the same boundaries as a linear scan, over the whole array and inside a bracket', () => {
    fc.assert(
      fc.property(
        sorted.chain((xs) => fc.tuple(fc.constant(xs), bracket(xs.length))),
        target,
        ([xs, [from, to]], t) => {
          assert.equal(
            firstAbove(xs, t),
            scanFirst(xs, (v) => v > t, 0, xs.length),
          );
          assert.equal(
            firstAtLeast(xs, t),
            scanFirst(xs, (v) => v >= t, 0, xs.length),
          );
          assert.equal(lastAtMost(xs, t), scanFirst(xs, (v) => v > t, 0, xs.length) - 1);
          assert.equal(
            firstAbove(xs, t, from, to),
            scanFirst(xs, (v) => v > t, from, to),
          );
          assert.equal(
            firstAtLeast(xs, t, from, to),
            scanFirst(xs, (v) => v >= t, from, to),
          );
          assert.equal(lastAtMost(xs, t, from, to), scanFirst(xs, (v) => v > t, from, to) - 1);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads typed arrays and keyed items the same way', () => {
    fc.assert(
      fc.property(sorted, target, (xs, t) => {
        const typed = Int32Array.from(xs);
        const items = xs.map((line) => ({ line }));
        const key = (item: { line: number }) => item.line;
        assert.equal(firstAbove(typed, t), firstAbove(xs, t));
        assert.equal(firstAtLeast(typed, t), firstAtLeast(xs, t));
        assert.equal(firstAboveBy(items, key, t), firstAbove(xs, t));
        assert.equal(firstAtLeastBy(items, key, t), firstAtLeast(xs, t));
        assert.equal(lastAtMostBy(items, key, t), lastAtMost(xs, t));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same answers in its Int32Array forms, over the whole array and inside a bracket', () => {
    fc.assert(
      fc.property(
        sorted.chain((xs) => fc.tuple(fc.constant(xs), bracket(xs.length))),
        target,
        ([xs, [from, to]], t) => {
          const typed = Int32Array.from(xs);
          assert.equal(firstAboveInt32(typed, t), firstAbove(xs, t));
          assert.equal(firstAtLeastInt32(typed, t), firstAtLeast(xs, t));
          assert.equal(lastAtMostInt32(typed, t), lastAtMost(xs, t));
          assert.equal(firstAboveInt32(typed, t, from, to), firstAbove(xs, t, from, to));
          assert.equal(firstAtLeastInt32(typed, t, from, to), firstAtLeast(xs, t, from, to));
          assert.equal(lastAtMostInt32(typed, t, from, to), lastAtMost(xs, t, from, to));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('finds where an item ordered by a comparator is or belongs, as a linear scan does', () => {
    const byLineThenColumn = (a: [number, number], b: [number, number]) => a[0] - b[0] || a[1] - b[1];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(5), fc.nat(5))), fc.tuple(fc.nat(6), fc.nat(6)), (items, item) => {
        const sorted = [...items].sort(byLineThenColumn);
        const scan = sorted.findIndex((x) => byLineThenColumn(x, item) >= 0);
        assert.equal(firstNotBelow(sorted, item, byLineThenColumn), scan < 0 ? sorted.length : scan);
      }),
    );
  });

  it('answers at the edges: before every value, past every value, on a run of repeats, on nothing', () => {
    const starts = [0, 10, 10, 10, 25];
    assert.equal(lastAtMost(starts, -1), -1);
    assert.equal(lastAtMost(starts, 0), 0);
    assert.equal(lastAtMost(starts, 10), 3);
    assert.equal(firstAtLeast(starts, 10), 1);
    assert.equal(firstAbove(starts, 99), 5);
    assert.equal(lastAtMost([], 5), -1);
    assert.equal(firstAtLeast([], 5), 0);
  });
});
