/**
 * Langfuse traces as the UI downloads them or the API returns them: a trace
 * with `observations[]` (or `{trace, observations}`, or lists of either).
 * GENERATION observations are checked; their context is their own input
 * plus RETRIEVER documents and TOOL outputs of observations in the same trace
 * that ended before the generation started. The trace's own `output`
 * repeats the final answer and is not checked again.
 */
import type { JsonPath, JsonRegion } from '../json/jsonRegion';
import { readJsonDocument, readJsonLines } from '../json/jsonLines';
import type { FormatParser, ParseInput, Role, Transcript } from '../model';
import { addTraceForest, type Draft, type TraceStep } from './common/callForest';
import { ContextGaps } from './contextGaps';
import { asArray, isObject, str, type JsonObject } from './common/jsonText';
import { jsonValueTexts } from './common/jsonValueSpan';
import { readMessage, readMessages } from './common/messageParts';
import { InOrderTranscriptBuilder } from './common/inOrderTranscriptBuilder';
import { rowFileKind } from './tabular/fixtureRows';

interface Observation {
  obs: JsonObject;
  region: JsonRegion;
  path: JsonPath;
  traceId: string;
  start: number | undefined;
  end: number | undefined;
  order: number;
}

export const langfuseFormat: FormatParser = {
  id: 'langfuse',
  label: 'Langfuse trace',
  containers: ['json'],
  sniff(head) {
    if (head.includes('"parentObservationId"')) return 0.9;
    if (head.includes('"observations"') && (head.includes('"GENERATION"') || head.includes('"SPAN"'))) return 0.9;
    return 0;
  },
  parse(input: ParseInput): Transcript {
    const b = new InOrderTranscriptBuilder('langfuse', input.raw);
    const docs: Array<{ value: unknown; region: JsonRegion }> =
      rowFileKind(input.raw) === 'jsonl' ? readJsonLines(input.raw, b.errors) : [readJsonDocument(input.raw, b.errors)].filter((d) => d !== undefined);
    const all: Observation[] = [];
    for (const doc of docs) collect(doc.value, doc.region, [], '', all);
    const traces = new Map<string, Array<TraceStep & { o: Observation }>>();
    for (const o of all) {
      let steps = traces.get(o.traceId);
      if (!steps) traces.set(o.traceId, (steps = []));
      steps.push({ ...readObservation(o), o });
    }
    for (const steps of traces.values()) {
      addTraceForest(b, steps, {
        compareEnds: (x, y) => compareTimes(x.o.end, y.o.end, x.o, y.o),
        compareStarts: (x, y) => compareTimes(x.o.start, y.o.start, x.o, y.o),
        finishedBefore: (p, call) => (p.o.end !== undefined && call.o.start !== undefined ? p.o.end <= call.o.start : p.o.order < call.o.order),
      });
    }
    return b.finish();
  },
};

function collect(value: unknown, region: JsonRegion, path: JsonPath, traceId: string, out: Observation[]): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => collect(v, region, [...path, i], traceId, out));
    return;
  }
  if (!isObject(value)) return;
  if (isObject(value.trace) && Array.isArray(value.observations)) {
    collect(value.observations, region, [...path, 'observations'], str(value.trace.id) ?? traceId, out);
    return;
  }
  if (Array.isArray(value.observations)) {
    collect(value.observations, region, [...path, 'observations'], str(value.id) ?? traceId, out);
    return;
  }
  if (Array.isArray(value.data)) {
    collect(value.data, region, [...path, 'data'], traceId, out);
    return;
  }
  if (typeof value.type === 'string' && ('input' in value || 'output' in value)) {
    out.push({
      obs: value,
      region,
      path,
      traceId: str(value.traceId) ?? traceId,
      start: timeOf(value.startTime),
      end: timeOf(value.endTime),
      order: out.length,
    });
  }
}

function timeOf(v: unknown): number | undefined {
  if (typeof v !== 'string') return undefined;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? undefined : ms;
}

function compareTimes(a: number | undefined, b: number | undefined, x: Observation, y: Observation): number {
  if (a !== undefined && b !== undefined && a !== b) return a - b;
  return x.order - y.order;
}

function readObservation(o: Observation): TraceStep {
  const { obs, region, path } = o;
  const name = str(obs.name) ?? str(obs.type) ?? '';
  const step: TraceStep = { title: `${String(obs.type).toLowerCase()} ${name}`.trim(), inputs: [], outputs: [], provides: [], gaps: [], isModelCall: false };
  const type = String(obs.type).toUpperCase();
  if (type === 'GENERATION') {
    step.isModelCall = true;
    step.inputs = generationInput(region, [...path, 'input'], obs.input);
    step.outputs = generationOutput(region, [...path, 'output'], obs.output).map((d) => (d.role === 'user' ? { ...d, role: 'assistant' as Role } : d));
    if (step.inputs.length === 0 && step.outputs.length > 0) step.gaps.push(ContextGaps.inputNotLogged(`generation "${name}"`));
  } else if (type === 'RETRIEVER') {
    step.provides = documents(region, [...path, 'output'], obs.output);
  } else if (type === 'TOOL') {
    step.provides = jsonValueTexts(region, [...path, 'output'], obs.output).map((t) => ({ role: 'tool_result', text: t, label: `tool result ${name}`.trim() }));
  }
  return step;
}

function generationInput(region: JsonRegion, path: JsonPath, input: unknown): Draft[] {
  if (typeof input === 'string') return [{ role: 'user', text: { text: input, map: region.stringMap(path) }, label: 'user' }];
  if (Array.isArray(input)) return readMessages(region, path, input, 'user');
  if (!isObject(input)) return [];
  const out: Draft[] = [];
  if (typeof input.system === 'string') out.push({ role: 'system', text: { text: input.system, map: region.stringMap([...path, 'system']) }, label: 'system' });
  if (Array.isArray(input.messages)) out.push(...readMessages(region, [...path, 'messages'], input.messages, 'user'));
  else if ('role' in input || 'content' in input) out.push(...readMessage(region, path, input, 'user'));
  return out;
}

function generationOutput(region: JsonRegion, path: JsonPath, output: unknown): Draft[] {
  if (typeof output === 'string') return [{ role: 'assistant', text: { text: output, map: region.stringMap(path) }, label: 'assistant' }];
  if (Array.isArray(output)) return readMessages(region, path, output, 'assistant');
  if (!isObject(output)) return [];
  if (Array.isArray(output.choices)) {
    return output.choices.flatMap((c, i) =>
      isObject(c) && isObject(c.message) ? readMessage(region, [...path, 'choices', i, 'message'], c.message, 'assistant') : [],
    );
  }
  return readMessage(region, path, output, 'assistant');
}

function documents(region: JsonRegion, path: JsonPath, output: unknown): Draft[] {
  const list = Array.isArray(output) ? output : isObject(output) && Array.isArray(output.documents) ? output.documents : undefined;
  const base = Array.isArray(output) ? path : [...path, 'documents'];
  const out: Draft[] = [];
  asArray(list).forEach((d, i) => {
    const label = `retrieved document ${out.length + 1}`;
    if (typeof d === 'string') out.push({ role: 'document', text: { text: d, map: region.stringMap([...base, i]) }, label });
    else if (isObject(d)) {
      for (const key of ['pageContent', 'page_content', 'content', 'text']) {
        if (typeof d[key] === 'string') {
          out.push({ role: 'document', text: { text: d[key] as string, map: region.stringMap([...base, i, key]) }, label });
          return;
        }
      }
    }
  });
  return out;
}
