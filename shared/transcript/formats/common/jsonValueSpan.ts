/**
 * The raw JSON text of a structured value (a tool's JSON result, call
 * arguments as an object), so numbers and keys inside it can ground claims
 * with exact offsets instead of being re-serialised.
 */
import { type JsonPath, type JsonRegion, nodeAtPath } from '../../json/jsonRegion';
import { parseTree, type Node } from 'jsonc-parser';
import { ComposedMap, ShiftMap } from '../../offsets/offsetMaps';
import { type TextAt, valueTexts } from './jsonText';

/**
 * The value's JSON text as it stands in the region's text: the raw file, or
 * for JSON nested in a string, that string's decoded text, mapped on
 * through the region's own map.
 */
export function jsonValueTexts(region: JsonRegion, path: JsonPath, value: unknown): TextAt[] {
  if (value === null || value === undefined || typeof value === 'boolean') return [];
  if (typeof value === 'string') return [{ text: value, map: region.stringMap(path) }];
  if (region.base) {
    const node = nodeAtPath(nestedTree(region), path);
    if (!node) return valueTexts(region, path, value);
    return [{ text: region.text.slice(node.offset, node.offset + node.length), map: new ComposedMap(new ShiftMap(node.offset), region.base) }];
  }
  const start = region.rawOffsetOf(path) - region.pieceAt;
  const end = endOfJsonValue(region.text, start);
  return [{ text: region.text.slice(start, end), map: new ShiftMap(start + region.pieceAt) }];
}

/** Offset trees of nested JSON texts, built once per region and only when a structured value is asked for. */
const nestedTrees = new WeakMap<JsonRegion, Node>();

function nestedTree(region: JsonRegion): Node {
  let tree = nestedTrees.get(region);
  if (!tree) {
    tree = parseTree(region.text.slice(region.start, region.end)) ?? { type: 'null', offset: 0, length: 0 };
    nestedTrees.set(region, tree);
  }
  return tree;
}

/** Offset just past the JSON value starting at `start`: one linear pass. */
export function endOfJsonValue(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first !== 123 /* { */ && first !== 91 /* [ */) {
    let i = start;
    while (i < text.length && !',}] \t\r\n'.includes(text[i])) i++;
    return i;
  }
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}
