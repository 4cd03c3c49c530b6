/**
 * Finds the spans in an OTLP JSON file, whatever the wrapping: one
 * `ExportTraceServiceRequest` (`resourceSpans → scopeSpans → spans`), an
 * array or JSON Lines of them, or flat span dumps whose `attributes` is a
 * plain key → value map. Each attribute keeps the JSON path of its value so
 * its strings can be traced back to the raw file.
 */
import type { JsonPath, JsonRegion } from '../../json/jsonRegion';
import { readJsonDocument, readJsonLines } from '../../json/jsonLines';
import { asArray, isObject, str, type JsonObject } from '../common/jsonText';
import type { InOrderTranscriptBuilder } from '../common/inOrderTranscriptBuilder';
import { attachLogEvents, collectLogRecords, type LogEvent } from './logRecords';
import { rowFileKind } from '../tabular/fixtureRows';

export interface Attr {
  value: unknown;
  /** Path of the value itself (the `stringValue` for OTLP values). */
  path: JsonPath;
}

export interface SpanEvent {
  name: string;
  attrs: Map<string, Attr>;
  /** Where the attribute paths point when not the span's own region (log records on another line). */
  region?: JsonRegion;
}

export interface SpanRef {
  region: JsonRegion;
  path: JsonPath;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  start: bigint | undefined;
  end: bigint | undefined;
  attrs: Map<string, Attr>;
  events: SpanEvent[];
  /** Position in the file, for stable ordering when times are missing. */
  order: number;
  droppedAttributes: number;
}

export function readSpans(raw: string, b: InOrderTranscriptBuilder): SpanRef[] {
  const spans: SpanRef[] = [];
  const docs: Array<{ value: unknown; region: JsonRegion }> =
    rowFileKind(raw) === 'jsonl' ? readJsonLines(raw, b.errors) : [readJsonDocument(raw, b.errors)].filter((d) => d !== undefined);
  const logs: LogEvent[] = [];
  for (const doc of docs) {
    collect(doc.value, doc.region, [], spans);
    forEachLogExport(doc.value, [], (v, p) => collectLogRecords(v, doc.region, p, logs));
    if (logs.length > 0) attachLogEvents(spans, logs.splice(0), doc.region);
  }
  return spans;
}

function forEachLogExport(value: unknown, path: JsonPath, visit: (v: JsonObject, p: JsonPath) => void): void {
  if (Array.isArray(value)) value.forEach((v, i) => forEachLogExport(v, [...path, i], visit));
  else if (isObject(value) && Array.isArray(value.resourceLogs)) visit(value, path);
}

function collect(value: unknown, region: JsonRegion, path: JsonPath, out: SpanRef[]): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => collect(v, region, [...path, i], out));
    return;
  }
  if (!isObject(value)) return;
  if (Array.isArray(value.resourceSpans)) {
    value.resourceSpans.forEach((rs, i) => {
      if (!isObject(rs)) return;
      const scopes = asArray(rs.scopeSpans ?? rs.instrumentationLibrarySpans);
      const scopeKey = rs.scopeSpans ? 'scopeSpans' : 'instrumentationLibrarySpans';
      scopes.forEach((ss, j) => {
        if (!isObject(ss)) return;
        asArray(ss.spans).forEach((span, k) => {
          if (isObject(span)) out.push(toSpan(span, region, [...path, 'resourceSpans', i, scopeKey, j, 'spans', k], out.length));
        });
      });
    });
    return;
  }
  if (Array.isArray(value.spans)) {
    collect(value.spans, region, [...path, 'spans'], out);
    return;
  }
  if (Array.isArray(value.data)) {
    collect(value.data, region, [...path, 'data'], out);
    return;
  }
  if ('attributes' in value && ('spanId' in value || 'span_id' in value || 'name' in value || 'context' in value)) {
    out.push(toSpan(value, region, path, out.length));
  } else if (isBareAttributeMap(value)) {
    // A span's attributes saved on their own (instrumentation test fixtures).
    out.push(toSpan({ attributes: value }, region, path, out.length, path));
  }
}

const CONVENTION_PREFIXES = ['gen_ai.', 'llm.', 'openinference.', 'ai.'];

function isBareAttributeMap(value: JsonObject): boolean {
  let hits = 0;
  for (const key of Object.keys(value)) {
    if (CONVENTION_PREFIXES.some((p) => key.startsWith(p))) hits++;
    if (hits >= 2) return true;
  }
  return false;
}

/** `attributesPath`: where the attribute map sits when it is not `span.attributes`. */
function toSpan(span: JsonObject, region: JsonRegion, path: JsonPath, order: number, attributesPath: JsonPath = [...path, 'attributes']): SpanRef {
  const ctx = isObject(span.context) ? span.context : {};
  const attrs = readAttributes(span.attributes, attributesPath);
  return {
    region,
    path,
    traceId: idOf(span.traceId ?? span.trace_id ?? ctx.trace_id),
    spanId: idOf(span.spanId ?? span.span_id ?? ctx.span_id),
    parentSpanId: idOf(span.parentSpanId ?? span.parent_span_id ?? span.parent_id),
    name: str(span.name) || conventionalName(attrs),
    start: timeOf(span.startTimeUnixNano ?? span.start_time ?? span.startTime),
    end: timeOf(span.endTimeUnixNano ?? span.end_time ?? span.endTime),
    attrs,
    events: asArray(span.events).flatMap((e, i) =>
      isObject(e) ? [{ name: str(e.name) ?? '', attrs: readAttributes(e.attributes, [...path, 'events', i, 'attributes']) }] : [],
    ),
    order,
    droppedAttributes: Number(span.droppedAttributesCount ?? 0) || 0,
  };
}

/** GenAI spans are named "{operation} {model}"; rebuild that when the name was not saved. */
function conventionalName(attrs: Map<string, Attr>): string {
  const op = attrs.get('gen_ai.operation.name')?.value ?? attrs.get('openinference.span.kind')?.value;
  const model = attrs.get('gen_ai.request.model')?.value ?? attrs.get('llm.model_name')?.value;
  return [op, model].filter((x) => typeof x === 'string').join(' ') || 'unnamed';
}

function idOf(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** Nanoseconds since the epoch from OTLP's decimal strings or ISO dates. */
function timeOf(v: unknown): bigint | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return BigInt(Math.trunc(v));
  if (typeof v !== 'string' || v === '') return undefined;
  if (/^\d{1,30}$/.test(v)) return BigInt(v);
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? undefined : BigInt(ms) * 1_000_000n;
}

/** OTLP `[{key, value:{stringValue…}}]` or a flat `{key: value}` map. */
function readAttributes(attrs: unknown, path: JsonPath): Map<string, Attr> {
  const out = new Map<string, Attr>();
  if (Array.isArray(attrs)) {
    attrs.forEach((a, i) => {
      if (!isObject(a) || typeof a.key !== 'string' || !isObject(a.value)) return;
      const v = a.value;
      for (const k of ['stringValue', 'intValue', 'doubleValue', 'boolValue', 'arrayValue', 'kvlistValue']) {
        if (k in v) {
          out.set(a.key, { value: unwrapAny(v[k], k), path: [...path, i, 'value', k] });
          return;
        }
      }
    });
  } else if (isObject(attrs)) {
    for (const [key, value] of Object.entries(attrs)) out.set(key, { value, path: [...path, key] });
  }
  return out;
}

/** `arrayValue.values[].stringValue` → plain array; others as they are. */
function unwrapAny(v: unknown, kind: string): unknown {
  if (kind === 'intValue' && typeof v === 'string') return Number(v);
  if (kind === 'arrayValue' && isObject(v)) {
    return asArray(v.values).map((x) => (isObject(x) ? (x.stringValue ?? x.intValue ?? x.doubleValue ?? x.boolValue) : x));
  }
  return v;
}
