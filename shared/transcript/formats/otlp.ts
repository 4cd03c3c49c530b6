/**
 * OTLP JSON traces written with the OTel GenAI conventions (all three
 * generations), OpenInference or the Vercel AI SDK.
 *
 * Each LLM span becomes its own branch below the documents and tool results
 * of spans in the same trace that ended before it started (see
 * `callForest`). AGENT and CHAIN spans only repeat their LLM's answer, so
 * they produce no outputs.
 */
import type { FormatParser, ParseInput, Transcript } from '../model';
import { countMarkers } from './common/jsonText';
import { addTraceForest } from './common/callForest';
import { InOrderTranscriptBuilder } from './common/inOrderTranscriptBuilder';
import { readSpanContent, type SpanContent } from './otel/spanContent';
import { readSpans, type SpanRef } from './otel/spanReader';

const CONVENTION_MARKERS = ['gen_ai.', 'openinference.span.kind', 'llm.input_messages', 'llm.output_messages', 'ai.operationId', 'retrieval.documents'];

export const otlpFormat: FormatParser = {
  id: 'otlp',
  label: 'OpenTelemetry trace (GenAI / OpenInference)',
  containers: ['json'],
  sniff(head) {
    const conventions = countMarkers(head, CONVENTION_MARKERS);
    if (head.includes('"resourceSpans"')) return conventions > 0 ? 0.95 : 0.6;
    if (head.includes('"resourceLogs"') && conventions > 0) return 0.9;
    if (
      head.trimStart().startsWith('{') &&
      countMarkers(head, ['"gen_ai.operation.name"', '"gen_ai.prompt', '"openinference.span.kind"', '"llm.input_messages.']) > 0
    )
      return 0.8;
    if (conventions > 0 && head.includes('"attributes"') && countMarkers(head, ['spanId', 'span_id', 'traceId', 'trace_id', '"name"']) > 0) return 0.8;
    return 0;
  },
  parse(input: ParseInput): Transcript {
    const b = new InOrderTranscriptBuilder('otlp', input.raw);
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

function addTrace(b: InOrderTranscriptBuilder, trace: Array<{ span: SpanRef; content: SpanContent }>): void {
  const steps = trace.map(({ span, content }) => ({ ...content, span, title: `span ${span.name}`, isModelCall: content.kind === 'llm' }));
  addTraceForest(b, steps, {
    compareEnds: (x, y) => compareTimes(x.span.end, y.span.end, x.span, y.span),
    compareStarts: (x, y) => compareTimes(x.span.start, y.span.start, x.span, y.span),
    finishedBefore: (p, call) =>
      p.span.end !== undefined && call.span.start !== undefined
        ? p.span.end <= call.span.start
        : // Without times, file order is the best evidence of sequence.
          p.span.order < call.span.order,
  });
}

function compareTimes(a: bigint | undefined, c: bigint | undefined, x: SpanRef, y: SpanRef): number {
  if (a !== undefined && c !== undefined && a !== c) return a < c ? -1 : 1;
  return x.order - y.order;
}
