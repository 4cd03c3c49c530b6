/**
 * GenAI events exported as OTLP log records (`resourceLogs → scopeLogs →
 * logRecords`, named by `eventName` or the `event.name` attribute, content
 * in `body`) instead of span events. Each record joins the span it names;
 * records whose span is not in the file form a span of their own per
 * span id, so a logs-only export still reads as model calls.
 */
import type { JsonPath, JsonRegion } from '../../json/jsonRegion';
import { asArray, isObject, str, type JsonObject } from '../common/jsonText';
import type { Attr, SpanEvent, SpanRef } from './spanReader';

export interface LogEvent {
  traceId: string;
  spanId: string;
  time: bigint | undefined;
  event: SpanEvent;
}

export function collectLogRecords(value: JsonObject, region: JsonRegion, path: JsonPath, out: LogEvent[]): void {
  asArray(value.resourceLogs).forEach((rl, i) => {
    if (!isObject(rl)) return;
    asArray(rl.scopeLogs).forEach((sl, j) => {
      if (!isObject(sl)) return;
      asArray(sl.logRecords).forEach((rec, k) => {
        if (!isObject(rec)) return;
        const at = [...path, 'resourceLogs', i, 'scopeLogs', j, 'logRecords', k];
        const attrs = new Map<string, Attr>();
        flattenAttributes(rec.attributes, [...at, 'attributes'], attrs);
        if (isObject(rec.body)) flattenAnyValue(rec.body, [...at, 'body'], '', attrs);
        const name = str(rec.eventName) ?? str(attrs.get('event.name')?.value) ?? '';
        const time = str(rec.timeUnixNano) ?? str(rec.observedTimeUnixNano);
        out.push({
          traceId: str(rec.traceId) ?? '',
          spanId: str(rec.spanId) ?? '',
          time: time && /^\d{1,30}$/.test(time) ? BigInt(time) : undefined,
          event: { name, attrs, region },
        });
      });
    });
  });
}

function flattenAttributes(list: unknown, path: JsonPath, out: Map<string, Attr>): void {
  asArray(list).forEach((a, i) => {
    if (isObject(a) && typeof a.key === 'string' && isObject(a.value)) flattenAnyValue(a.value, [...path, i, 'value'], a.key, out);
  });
}

/** A body `{kvlistValue:{values:[{key:'message', value:{kvlistValue…}}]}}` becomes `message.content` → its string. */
function flattenAnyValue(v: JsonObject, path: JsonPath, key: string, out: Map<string, Attr>): void {
  if (typeof v.stringValue === 'string') {
    out.set(key || 'body', { value: v.stringValue, path: [...path, 'stringValue'] });
  } else if (isObject(v.kvlistValue)) {
    asArray(v.kvlistValue.values).forEach((kv, i) => {
      if (isObject(kv) && typeof kv.key === 'string' && isObject(kv.value)) {
        flattenAnyValue(kv.value, [...path, 'kvlistValue', 'values', i, 'value'], key ? `${key}.${kv.key}` : kv.key, out);
      }
    });
  } else if (isObject(v.arrayValue)) {
    asArray(v.arrayValue.values).forEach((item, i) => {
      if (isObject(item)) flattenAnyValue(item, [...path, 'arrayValue', 'values', i], `${key}.${i}`, out);
    });
  } else {
    for (const k of ['intValue', 'doubleValue', 'boolValue']) if (k in v) out.set(key, { value: v[k], path: [...path, k] });
  }
}

/** Joins log events to their spans, making a span for each span id the file lacks. */
export function attachLogEvents(spans: SpanRef[], logs: LogEvent[], region: JsonRegion | undefined): void {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  for (const log of logs) {
    let span = byId.get(log.spanId);
    if (!span && region) {
      span = {
        region,
        path: [],
        traceId: log.traceId,
        spanId: log.spanId,
        parentSpanId: '',
        name: log.spanId ? `span ${log.spanId}` : 'log events',
        start: log.time,
        end: log.time,
        attrs: new Map(),
        events: [],
        order: spans.length,
        droppedAttributes: 0,
      };
      spans.push(span);
      byId.set(log.spanId, span);
    }
    if (!span) continue;
    span.events.push(log.event);
    if (log.time !== undefined && (span.end === undefined || log.time > span.end)) span.end = log.time;
  }
}
