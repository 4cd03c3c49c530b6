/**
 * Binary search over ascending values: line starts, segment offsets, part
 * starts, gram positions. Every question these indexes ask is one of two
 * boundaries, so they are written once here:
 *
 * - `firstAbove(starts, offset)`: the first index whose value is > offset
 *   (the count of values ≤ offset); `lastAtMost` is the one before it, the
 *   line or part that holds the offset, -1 when the offset lies before all.
 * - `firstAtLeast(positions, target)`: the first index whose value is ≥
 *   target, where a sorted insert or a cursor's next candidate goes.
 *
 * `from`/`to` bound the search to `[from, to)` (a gallop's bracket); the
 * answer is then in `[from, to]`, or `from - 1` for `lastAtMost`. The `By`
 * forms read each item's value through `key` (a segment's line, an interval's
 * end). Values may repeat; each call reads about log2(to - from) of them.
 *
 * `firstNotBelow(items, item, compare)` is `firstAtLeast` for items ordered
 * by a comparator rather than one number (a lens by line, column and call):
 * where `item` is, or where a sorted insert puts it.
 *
 * The `Int32` forms are the same searches over an Int32Array, for the
 * lookup's hot loops (gram positions, part starts, offset runs). V8 keeps one
 * record per function of the array kinds it has read; a search fed both plain
 * arrays and typed arrays reads every value through a polymorphic load, in
 * each caller it is inlined into, and a lookup runs these millions of times.
 */

/** First index in `[from, to)` whose value is > `target`, or `to`. */
export function firstAbove(values: ArrayLike<number>, target: number, from = 0, to = values.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] <= target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index in `[from, to)` whose value is ≥ `target`, or `to`. */
export function firstAtLeast(values: ArrayLike<number>, target: number, from = 0, to = values.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Last index in `[from, to)` whose value is ≤ `target`, or `from - 1`. */
export function lastAtMost(values: ArrayLike<number>, target: number, from = 0, to = values.length): number {
  return firstAbove(values, target, from, to) - 1;
}

/** First index whose `key` is > `target`, or `items.length`; keys ascend. */
export function firstAboveBy<T>(items: ArrayLike<T>, key: (item: T) => number, target: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(items[mid]) <= target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose `key` is ≥ `target`, or `items.length`; keys ascend. */
export function firstAtLeastBy<T>(items: ArrayLike<T>, key: (item: T) => number, target: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(items[mid]) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Last index whose `key` is ≤ `target`, or -1; keys ascend. */
export function lastAtMostBy<T>(items: ArrayLike<T>, key: (item: T) => number, target: number): number {
  return firstAboveBy(items, key, target) - 1;
}

/** `firstAbove` over an Int32Array. */
export function firstAboveInt32(values: Int32Array, target: number, from = 0, to = values.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] <= target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `firstAtLeast` over an Int32Array. */
export function firstAtLeastInt32(values: Int32Array, target: number, from = 0, to = values.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `lastAtMost` over an Int32Array. */
export function lastAtMostInt32(values: Int32Array, target: number, from = 0, to = values.length): number {
  return firstAboveInt32(values, target, from, to) - 1;
}

/** First index whose item `compare` does not put before `item` (where `item` is, or where a sorted insert puts it), or `items.length`. */
export function firstNotBelow<T>(items: ArrayLike<T>, item: T, compare: (a: T, b: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(items[mid], item) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
