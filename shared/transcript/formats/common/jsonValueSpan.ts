/**
 * The raw JSON text of a structured value (a tool's JSON result, call
 * arguments as an object), so numbers and keys inside it can ground claims
 * with exact offsets instead of being re-serialised.
 */
import type { JsonPath, JsonRegion } from '../../json/jsonRegion';
import { ShiftMap } from '../../offsets/offsetMaps';
import { type TextAt, valueTexts } from './jsonText';

/**
 * Only regions over the raw file itself expose verbatim JSON text; inside a
 * nested JSON string the value's own escapes differ from the raw file, so
 * there the string leaves are returned one by one instead.
 */
export function jsonValueTexts(region: JsonRegion, path: JsonPath, value: unknown): TextAt[] {
  if (value === null || value === undefined || typeof value === 'boolean') return [];
  if (typeof value === 'string') return [{ text: value, map: region.stringMap(path) }];
  if (region.base) return valueTexts(region, path, value);
  const start = region.rawOffsetOf(path);
  const end = endOfJsonValue(region.text, start);
  return [{ text: region.text.slice(start, end), map: new ShiftMap(start) }];
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
