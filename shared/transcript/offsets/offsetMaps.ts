/**
 * Offset maps: how a segment's decoded text points back into the raw file.
 *
 * Most text sits in the file verbatim except for a few escapes, so a map is
 * stored as breakpoints of a piecewise-linear function rather than one entry
 * per character: a 1 MB tool result with three `\n` escapes costs four pairs.
 */
import type { OffsetMap } from '../model';
import type { Range } from '../../classifier/types';
import { lastAtMost } from '../../text/sortedSearch';

/** Decoded text that appears in the raw file unchanged, starting at `base`. */
export class ShiftMap implements OffsetMap {
  constructor(private readonly base: number) {}
  toRaw(i: number): number {
    return this.base + i;
  }
}

/**
 * Breakpoints `(decoded[k], raw[k])`, both ascending, `decoded[0] === 0`:
 * from each breakpoint on, decoded and raw advance together until the next.
 */
export class PiecewiseMap implements OffsetMap {
  constructor(
    private readonly decoded: Int32Array | number[],
    private readonly raw: Int32Array | number[],
  ) {}

  toRaw(i: number): number {
    const d = this.decoded;
    const lo = Math.max(0, lastAtMost(d, i));
    return this.raw[lo] + (i - d[lo]);
  }
}

/** `inner` maps into some text whose own offsets `outer` maps to the raw file. */
export class ComposedMap implements OffsetMap {
  constructor(
    private readonly inner: OffsetMap,
    private readonly outer: OffsetMap,
  ) {}
  toRaw(i: number): number {
    return this.outer.toRaw(this.inner.toRaw(i));
  }
}

/**
 * Builds the real map on first use. Parsers read values with the fast native
 * JSON.parse and defer the slower offset-aware parse to the few strings whose
 * ranges anyone asks for (outputs with findings, jumped-to context).
 */
export class LazyMap implements OffsetMap {
  private map: OffsetMap | undefined;
  constructor(private readonly build: () => OffsetMap) {}
  toRaw(i: number): number {
    if (!this.map) this.map = this.build();
    return this.map.toRaw(i);
  }
}

/** Decoded `[start, end)` → raw `[start', end')`. */
export function toRawRange(map: OffsetMap, start: number, end: number): Range {
  return [map.toRaw(start), map.toRaw(end)];
}
