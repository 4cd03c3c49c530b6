/**
 * Token usage in OTLP traces: the OpenTelemetry GenAI conventions'
 * `gen_ai.usage.input_tokens` / `output_tokens` (older
 * `gen_ai.usage.prompt_tokens` / `completion_tokens`), with
 * `gen_ai.usage.cache_read.input_tokens` and
 * `gen_ai.usage.cache_creation.input_tokens` where an instrumentation
 * records them, and OpenInference's `llm.token_count.prompt` / `completion`
 * (`prompt_details.cache_read` / `cache_write`). Frameworks also put a
 * run's total on the span above its model calls (an agent or chain span),
 * so a span whose descendants record usage is not counted again.
 *
 * Whether an input figure includes cache reads differs between
 * instrumentations; the conventions define the cache figures as parts of
 * it, so cache reads and writes are taken out of it here.
 */
import type { SpanRef } from '../transcript/formats/otel/spanReader';
import type { CallUsage } from './model';

const INPUT = ['gen_ai.usage.input_tokens', 'gen_ai.usage.prompt_tokens', 'llm.token_count.prompt'];
const OUTPUT = ['gen_ai.usage.output_tokens', 'gen_ai.usage.completion_tokens', 'llm.token_count.completion'];
const CACHE_READ = ['gen_ai.usage.cache_read.input_tokens', 'gen_ai.usage.cache_read_input_tokens', 'llm.token_count.prompt_details.cache_read'];
const CACHE_WRITE = ['gen_ai.usage.cache_creation.input_tokens', 'gen_ai.usage.cache_creation_input_tokens', 'llm.token_count.prompt_details.cache_write'];
const REASONING = ['gen_ai.usage.reasoning_tokens', 'llm.token_count.completion_details.reasoning'];
const MODEL = ['gen_ai.response.model', 'gen_ai.request.model', 'llm.model_name'];

export function spanUsageCalls(spans: readonly SpanRef[], lineOf: (span: SpanRef) => number): CallUsage[] {
  const withUsage = spans.filter((s) => first(s, INPUT) !== undefined || first(s, OUTPUT) !== undefined);
  const parents = new Map(spans.map((s) => [s.spanId, s.parentSpanId]));
  // Every span above one that records usage: its own figures are a sum of theirs.
  const above = new Set<string>();
  for (const s of withUsage) {
    const seen = new Set<string>();
    for (let p = s.parentSpanId; p && !seen.has(p); p = parents.get(p) ?? '') {
      seen.add(p);
      above.add(p);
    }
  }
  return withUsage
    .filter((s) => !(s.spanId && above.has(s.spanId)))
    .sort((a, b) => a.order - b.order)
    .map((s) => {
      const cacheRead = first(s, CACHE_READ) ?? 0;
      const cacheWrite = first(s, CACHE_WRITE);
      const reasoning = first(s, REASONING);
      const model = MODEL.map((k) => s.attrs.get(k)?.value).find((v): v is string => typeof v === 'string' && v !== '');
      return {
        line: lineOf(s),
        model: model ?? 'unknown',
        agent: 'main',
        counts: {
          input: Math.max(0, (first(s, INPUT) ?? 0) - cacheRead - (cacheWrite ?? 0)),
          output: first(s, OUTPUT) ?? 0,
          cacheWrite: cacheWrite ?? null,
          cacheRead,
          reasoning: reasoning ?? null,
        },
        ...(s.traceId && s.spanId ? { key: `span:${s.traceId}:${s.spanId}` } : {}),
      };
    });
}

function first(s: SpanRef, keys: readonly string[]): number | undefined {
  for (const k of keys) {
    const v = s.attrs.get(k)?.value;
    const n = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v;
    if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) return n;
  }
  return undefined;
}
