/**
 * Offset maps that stay honest should JSON.parse and the offset tree ever
 * disagree. Path lookups follow JSON.parse on repeated keys (the last one
 * wins, see `nodeAtPath`), so this is a guard, not the rule. A map is checked against the text
 * it claims to cover; if it does not decode to that text, the string literal
 * is searched for instead, and failing that the map points at the start of
 * the record with zero width rather than at the wrong characters.
 */
import type { OffsetMap } from '../../model';
import type { JsonPath, JsonRegion } from '../../json/jsonRegion';
import { jsonStringMap } from '../../offsets/jsonStringMap';
import { LazyMap } from '../../offsets/offsetMaps';

/** `decoded` may be given as a function that makes it, for a caller that does not hold the string itself. */
export function resilientStringMap(region: JsonRegion, path: JsonPath, decodedText: string | (() => string)): OffsetMap {
  return new LazyMap(() => {
    const decoded = typeof decodedText === 'string' ? decodedText : decodedText();
    const primary = region.stringMap(path);
    try {
      if (coversExactly(region, primary, decoded)) return primary;
    } catch {
      // The path is not in the tree: fall through to searching for the literal.
    }
    return literalMap(region, decoded) ?? new PointMap(region.textMap().toRaw(region.start));
  });
}

/** Raw offset of the value at `path`, or of the record itself when the tree lacks the path. */
export function resilientOffsetOf(region: JsonRegion, path: JsonPath): number {
  try {
    return region.rawOffsetOf(path);
  } catch {
    return region.textMap().toRaw(region.start);
  }
}

/**
 * Whether the map's raw range decodes to `decoded`. Only checked where the
 * region is the raw file; nested regions are decoded strings whose own keys
 * were already resolved by the outer value.
 */
function coversExactly(region: JsonRegion, map: OffsetMap, decoded: string): boolean {
  const start = map.toRaw(0);
  const end = map.toRaw(decoded.length);
  if (region.base) return true;
  return JSON.parse(`"${region.text.slice(start - region.pieceAt, end - region.pieceAt)}"`) === decoded;
}

/** The first literal in the region spelled the way JSON.stringify spells `decoded`. */
function literalMap(region: JsonRegion, decoded: string): OffsetMap | undefined {
  const literal = JSON.stringify(decoded);
  const at = region.text.indexOf(literal, region.start);
  if (at === -1 || at + literal.length > region.end) return undefined;
  return region.toRawMap(jsonStringMap(region.text, at, at + literal.length));
}

/** Every offset to one raw position: a zero-width range, never wrong characters. */
class PointMap implements OffsetMap {
  constructor(private readonly at: number) {}
  toRaw(): number {
    return this.at;
  }
}
