/**
 * Reading one attribute of a span: its string with offsets, the JSON inside
 * it (a parse failure means the instrumentation cut it short, reported as a
 * gap), or the messages that JSON holds.
 */
import { MAX_JSON_DEPTH, nestingExceededAt } from '../../json/jsonDepth';
import type { ContextGap } from '../../../classifier/types';
import type { JsonPath, JsonRegion } from '../../json/jsonRegion';
import type { Role } from '../../model';
import { ContextGaps } from '../contextGaps';
import { isObject, type TextAt } from '../common/jsonText';
import { readMessage, readMessages, type SpanText } from '../common/messageParts';
import type { Attr, SpanRef } from './spanReader';

export function text(span: SpanRef, attr: Attr | undefined): TextAt | undefined {
  if (!attr || typeof attr.value !== 'string') return undefined;
  return { text: attr.value, map: span.region.stringMap(attr.path) };
}

/** JSON inside an attribute string; a parse failure means the instrumentation cut it short. */
export interface JsonIn {
  value: unknown;
  region: JsonRegion;
  /** Path of the value in `region`: `[]` inside an attribute string, the attribute's own path in a flat dump. */
  base: JsonPath;
}

export function json(span: SpanRef, key: string, attrs: Map<string, Attr>, gaps: ContextGap[]): JsonIn | undefined {
  const attr = attrs.get(key);
  if (!attr) return undefined;
  if (typeof attr.value !== 'string') {
    return isObject(attr.value) || Array.isArray(attr.value) ? { value: attr.value, region: span.region, base: attr.path } : undefined;
  }
  const s = attr.value.trimStart();
  if (!s.startsWith('[') && !s.startsWith('{')) return undefined;
  if (nestingExceededAt(attr.value, 0, attr.value.length) !== -1) {
    gaps.push(ContextGaps.truncated(`Attribute ${key} of span "${span.name}" (JSON nested past ${MAX_JSON_DEPTH} levels)`));
    return undefined;
  }
  try {
    return { value: JSON.parse(attr.value), region: span.region.nested(attr.path, attr.value), base: [] };
  } catch {
    gaps.push(ContextGaps.truncated(`Attribute ${key} of span "${span.name}"`));
    return undefined;
  }
}

/** Messages stored as JSON in one attribute, else the attribute's plain text. */
export function messagesIn(span: SpanRef, key: string, attrs: Map<string, Attr>, fallback: Role, gaps: ContextGap[]): SpanText[] {
  const attr = attrs.get(key);
  if (!attr) return [];
  const parsed = json(span, key, attrs, gaps);
  if (parsed) {
    const v = parsed.value;
    if (Array.isArray(v)) return readMessages(parsed.region, parsed.base, v, fallback);
    if (isObject(v)) return readMessage(parsed.region, parsed.base, v, fallback);
    return [];
  }
  const t = text(span, attr);
  return t ? [{ role: fallback, text: t, label: fallback.replace('_', ' ') }] : [];
}
