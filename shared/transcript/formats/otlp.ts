/**
 * OTLP JSON traces written with the OTel GenAI conventions (all three
 * generations), OpenInference or the Vercel AI SDK.
 *
 * Each LLM span becomes its own branch: its inputs, then its outputs. The
 * branch hangs below the documents and tool results that spans of the same
 * trace produced and finished before the LLM call started, so a retriever
 * running later never grounds an earlier answer. AGENT and CHAIN spans only
 * repeat their LLM's answer, so they produce no outputs.
 */
import type { FormatParser, ParseInput, Transcript } from '../model';
import { countMarkers } from './common/jsonText';
import { TranscriptBuilder } from './common/transcriptBuilder';
import { readSpanContent, type SpanContent } from './otel/spanContent';
import { readSpans, type SpanRef } from './otel/spanReader';

const CONVENTION_MARKERS = ['gen_ai.', 'openinference.span.kind', 'llm.input_messages', 'llm.output_messages', 'ai.operationId', 'retrieval.documents'];

export const otlpFormat: FormatParser = {
  id: 'otlp',
  label: 'OpenTelemetry trace (GenAI / OpenInference)',
  sniff(head) {
    const conventions = countMarkers(head, CONVENTION_MARKERS);
    if (head.includes('"resourceSpans"')) return conventions > 0 ? 0.95 : 0.6;
    if (conventions > 0 && head.includes('"attributes"') && countMarkers(head, ['spanId', 'span_id', 'traceId', 'trace_id', '"name"']) > 0) return 0.8;
    return 0;
  },
  parse(input: ParseInput): Transcript {
    const b = new TranscriptBuilder('otlp', input.raw);
    const spans = readSpans(input.raw, b);
    const traces = new Map<string, Array<{ span: SpanRef; content: SpanContent }>>();
    for (const span of spans) {
      let list = traces.get(span.traceId);
      if (!list) traces.set(span.traceId, (list = []));
      list.push({ span, content: readSpanContent(span) });
    }
    for (const trace of traces.values()) addTrace(b, trace);
    return b.finish();
  },
};

interface Provided {
  span: SpanRef;
  tip: number;
}

function addTrace(b: TranscriptBuilder, trace: Array<{ span: SpanRef; content: SpanContent }>): void {
  // Documents and tool results, in the order their spans finished.
  const providers = trace.filter((x) => x.content.provides.length > 0).sort((x, y) => compareTimes(x.span.end, y.span.end, x.span, y.span));
  const provided: Provided[] = [];
  let tip = -1;
  for (const { span, content } of providers) {
    for (const p of content.provides) {
      tip = b.add({ role: p.role, ...p.text, parent: tip, label: `${p.label} (span ${span.name})` });
    }
    provided.push({ span, tip });
  }
  const llms = trace.filter((x) => x.content.kind === 'llm').sort((x, y) => compareTimes(x.span.start, y.span.start, x.span, y.span));
  for (const { span, content } of llms) {
    let at = availableBefore(provided, span);
    content.inputs.forEach((t, k) => {
      at = b.add({ role: t.role, ...t.text, parent: at, label: `${t.label} ${k + 1} (span ${span.name})` });
    });
    const gaps = [...content.gaps, ...provided.filter((p) => finishedBefore(p.span, span)).flatMap((p) => contentGapsOf(trace, p.span))];
    for (const o of content.outputs) {
      const isOutput = o.role === 'assistant';
      at = b.add({ role: o.role, ...o.text, parent: at, isOutput, label: `${o.label} (span ${span.name})`, gaps: isOutput ? dedupe(gaps) : undefined });
    }
  }
}

/** Tip of the provided chain as it stood when `llm` started. */
function availableBefore(provided: Provided[], llm: SpanRef): number {
  let tip = -1;
  for (const p of provided) {
    if (!finishedBefore(p.span, llm)) break;
    tip = p.tip;
  }
  return tip;
}

function finishedBefore(provider: SpanRef, llm: SpanRef): boolean {
  if (provider.end !== undefined && llm.start !== undefined) return provider.end <= llm.start;
  // Without times, file order is the best evidence of sequence.
  return provider.order < llm.order;
}

function contentGapsOf(trace: Array<{ span: SpanRef; content: SpanContent }>, span: SpanRef) {
  return trace.find((x) => x.span === span)?.content.gaps ?? [];
}

function dedupe<T extends { code: string }>(gaps: T[]): T[] {
  return gaps.filter((g, i) => gaps.findIndex((h) => h.code === g.code) === i);
}

function compareTimes(a: bigint | undefined, c: bigint | undefined, x: SpanRef, y: SpanRef): number {
  if (a !== undefined && c !== undefined && a !== c) return a < c ? -1 : 1;
  return x.order - y.order;
}
