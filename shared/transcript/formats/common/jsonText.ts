/**
 * Small readers over plain JSON values that keep the JSON path alongside
 * each string, so the parser can ask its region for that string's offsets.
 */
import type { JsonPath, JsonRegion } from '../../json/jsonRegion';
import type { OffsetMap } from '../../model';

export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** A decoded string and where it came from. */
export interface TextAt {
  text: string;
  map: OffsetMap;
  /** Content part kind when it came from a message. */
  kind?: 'text' | 'reasoning';
}

export function textAt(region: JsonRegion, path: JsonPath, value: unknown): TextAt | undefined {
  return typeof value === 'string' ? { text: value, map: region.stringMap(path) } : undefined;
}

const TEXT_PART_TYPES = new Set(['text', 'input_text', 'output_text']);
const REASONING_PART_TYPES = new Set(['reasoning', 'thinking']);

/**
 * The texts of a message-content value at `path`: a plain string, or an
 * array of parts (`{type:'text', text}`, OTel `{type:'text', content}`,
 * `{type:'reasoning', reasoning}`, bare strings). Images, blobs and unknown
 * part types carry no claims and are skipped.
 */
export function contentTexts(region: JsonRegion, path: JsonPath, content: unknown): TextAt[] {
  if (typeof content === 'string') return [{ text: content, map: region.stringMap(path), kind: 'text' }];
  const out: TextAt[] = [];
  if (!Array.isArray(content)) return out;
  content.forEach((part, i) => {
    if (typeof part === 'string') {
      out.push({ text: part, map: region.stringMap([...path, i]), kind: 'text' });
      return;
    }
    if (!isObject(part)) return;
    const type = str(part.type) ?? 'text';
    const isReasoning = REASONING_PART_TYPES.has(type);
    if (!isReasoning && !TEXT_PART_TYPES.has(type)) return;
    for (const key of ['text', 'content', 'reasoning', 'thinking']) {
      const v = part[key];
      if (typeof v === 'string') {
        out.push({ text: v, map: region.stringMap([...path, i, key]), kind: isReasoning ? 'reasoning' : 'text' });
        return;
      }
    }
  });
  return out;
}

/** The text of any JSON value for roles that accept structured data (tool arguments, outputs). */
export function valueTexts(region: JsonRegion, path: JsonPath, value: unknown, limit = 64): TextAt[] {
  const out: TextAt[] = [];
  const stack: Array<[JsonPath, unknown]> = [[path, value]];
  while (stack.length > 0 && out.length < limit) {
    const [p, v] = stack.pop()!;
    if (typeof v === 'string') out.push({ text: v, map: region.stringMap(p) });
    else if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push([[...p, i], v[i]]);
    else if (isObject(v)) {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) stack.push([[...p, keys[i]], v[keys[i]]]);
    }
  }
  return out;
}

/** Counts how many of `needles` occur in `head` (each an indexOf: linear). */
export function countMarkers(head: string, needles: readonly string[]): number {
  let n = 0;
  for (const needle of needles) if (head.includes(needle)) n++;
  return n;
}
