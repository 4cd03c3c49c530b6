/**
 * Builds the `JsonSource` a shape emitter reads strings from: a JSON Lines
 * line (every string is on that line) or a whole JSON document (the line is
 * found from the string's raw offset, and only when the file has newlines,
 * so a minified multi-MB document never needs its offset tree for this).
 */
import type { JsonLine } from '../../json/jsonLines';
import type { JsonPath, JsonRegion } from '../../json/jsonRegion';
import { pathOrder } from './rawOrder';
import { LineIndex } from '../../offsets/lineIndex';
import { resilientOffsetOf } from './resilientMaps';
import type { JsonSource } from './fileOrderTranscriptBuilder';

export function lineSource(line: JsonLine): JsonSource {
  return { region: line.region, lineOf: () => line.line, orderOf: (path) => [line.line, ...pathOrder(line.value, path)] };
}

/** `value` is the document's parsed value (for file order of its strings). */
export function documentSource(raw: string, region: JsonRegion, value: unknown): JsonSource {
  const orderOf = (path: JsonPath) => [0, ...pathOrder(value, path)];
  if (raw.indexOf('\n') === -1) return { region, lineOf: () => 0, orderOf };
  const lines = new LineIndex(raw);
  return { region, lineOf: (path: JsonPath) => lines.lineOf(resilientOffsetOf(region, path)), orderOf };
}
