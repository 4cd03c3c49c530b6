/**
 * A JSON value's own raw text as a segment (tool input schemas): parameter
 * names are object keys, which no string path reaches, so the schema grounds
 * as the literal JSON the model was sent.
 */
import type { OffsetMap } from '../../model';
import type { JsonPath } from '../../json/jsonRegion';
import { ShiftMap } from '../../offsets/offsetMaps';
import type { JsonSource } from './fileOrderTranscriptBuilder';

export interface RawJsonText {
  text: string;
  map: OffsetMap;
}

/** Undefined when the region is itself decoded text, or a piece of the file (its offsets are not raw). */
export function rawJsonText(src: JsonSource, path: JsonPath): RawJsonText | undefined {
  const region = src.region;
  if (region.base || region.pieceAt !== 0) return undefined;
  let start: number;
  try {
    start = region.rawOffsetOf(path);
  } catch {
    // The offset tree lacks the path (a repeated key): the caller falls back to string leaves.
    return undefined;
  }
  const end = jsonValueEnd(region.text, start, region.end);
  return { text: region.text.slice(start, end), map: new ShiftMap(start) };
}

/**
 * End of the JSON value starting at `start`: one linear pass counting
 * brackets outside strings (the value is known to be valid JSON).
 */
export function jsonValueEnd(text: string, start: number, limit: number): number {
  let depth = 0;
  let i = start;
  while (i < limit) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      i++;
      while (i < limit) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i += 2;
        else if (d === 34) break;
        else i++;
      }
      i++;
      if (depth === 0) return i;
      continue;
    }
    if (c === 123 /* { */ || c === 91 /* [ */) depth++;
    else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth--;
      if (depth === 0) return i + 1;
      if (depth < 0) return i;
    } else if (depth === 0 && (c === 44 /* , */ || c === 32 || c === 10 || c === 13 || c === 9)) return i;
    i++;
  }
  return limit;
}
