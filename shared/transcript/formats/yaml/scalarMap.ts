/**
 * Offset maps for YAML scalars. The `yaml` library gives each scalar's
 * source range and decoded value; every scalar style decodes by dropping
 * characters (quotes, indentation, escape backslashes, block headers) or by
 * turning a line break into a space or newline, so one forward walk over
 * the source aligns each decoded character with the raw one it came from.
 * Hand-written because the library exposes no per-character positions.
 */
import { Scalar } from 'yaml';
import type { OffsetMap } from '../../model';
import { PiecewiseMap, ShiftMap } from '../../offsets/offsetMaps';

const SIMPLE_ESCAPE_LENGTH: Record<string, number> = { x: 4, u: 6, U: 10 };

export function yamlScalarMap(source: string, node: Scalar, value: string): OffsetMap {
  const [start, end] = node.range ?? [0, 0];
  let r = start;
  if (node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE) r = start + 1;
  if (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED) {
    const nl = source.indexOf('\n', start);
    r = nl === -1 || nl >= end ? end : nl + 1; // content starts on the line after the header
  }
  if (source.startsWith(value, r)) return new ShiftMap(r);

  const decoded: number[] = [];
  const raw: number[] = [];
  const mark = (d: number, at: number) => {
    // A breakpoint only where the 1:1 run breaks.
    const n = decoded.length;
    if (n > 0 && at - raw[n - 1] === d - decoded[n - 1]) return;
    decoded.push(d);
    raw.push(at);
  };
  const double = node.type === Scalar.QUOTE_DOUBLE;
  const single = node.type === Scalar.QUOTE_SINGLE;
  for (let d = 0; d < value.length; d++) {
    const want = value[d];
    let matched = false;
    while (r < end) {
      const c = source[r];
      if (double && c === '\\') {
        const next = source[r + 1];
        if (next === '\n' || next === '\r') {
          r += 2; // escaped line break: no decoded character
          continue;
        }
        mark(d, r);
        const width = SIMPLE_ESCAPE_LENGTH[next] ?? 2;
        // A \U escape beyond the BMP decodes to two units; both map to the escape.
        if (width === 10 && d + 1 < value.length && value.codePointAt(d)! > 0xffff) d++;
        r += width;
        matched = true;
        break;
      }
      if (c === want || ((want === ' ' || want === '\n') && c === '\n')) {
        mark(d, r);
        r += single && c === "'" && source[r + 1] === "'" ? 2 : 1;
        matched = true;
        break;
      }
      r++; // indentation, quotes, carriage returns: in the source, not in the value
    }
    // Valid YAML always aligns; if a value ever does not, point at the scalar as a whole.
    if (!matched) return new ShiftMap(start);
  }
  mark(value.length, r);
  return new PiecewiseMap(decoded, raw);
}
