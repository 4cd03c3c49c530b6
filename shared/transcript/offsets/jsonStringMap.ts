/**
 * The offset map of one JSON string literal: which raw offset each decoded
 * UTF-16 unit came from. `\n` is 2 raw units for 1 decoded, `\u00e9` 6 for 1,
 * a surrogate pair written `\uD83D\uDE00` 12 for 2; everything else is 1:1.
 */
import type { OffsetMap } from '../model';
import { PiecewiseMap, ShiftMap } from './offsetMaps';
import { unitWithin } from '../../text/unitWithin';

const BACKSLASH = 0x5c;

/**
 * `text` holds the literal at `[quoteStart, quoteEnd)`, quotes included;
 * offsets in `text` are what the returned map yields (compose with another
 * map when `text` is itself decoded from somewhere).
 */
export function jsonStringMap(text: string, quoteStart: number, quoteEnd: number): OffsetMap {
  const first = quoteStart + 1;
  const last = quoteEnd - 1; // the closing quote
  const firstEscape = unitWithin(text, BACKSLASH, first, last);
  if (firstEscape === -1) return new ShiftMap(first);

  const decoded: number[] = [0];
  const raw: number[] = [first];
  let d = firstEscape - first;
  let r = firstEscape;
  while (r < last) {
    if (text.charCodeAt(r) !== BACKSLASH) {
      // Copy the plain run up to the next escape in one step.
      let next = unitWithin(text, BACKSLASH, r, last);
      if (next === -1) next = last;
      d += next - r;
      r = next;
      continue;
    }
    const width = text.charCodeAt(r + 1) === 117 /* u */ ? 6 : 2;
    d += 1;
    r += width;
    decoded.push(d);
    raw.push(r);
  }
  return new PiecewiseMap(Int32Array.from(decoded), Int32Array.from(raw));
}
