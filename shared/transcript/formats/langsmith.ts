/**
 * LangSmith runs (SDK dumps, exports, post/patch payloads, run trees).
 * LLM runs are checked; their context is their own inputs plus the
 * documents of retriever runs and the outputs of tool runs that came
 * earlier in the same trace. `dotted_order` gives both the order and the
 * ancestry: a run whose dotted order prefixes another's is its ancestor, not
 * a step finished before it.
 */
import type { FormatParser, ParseInput, Role, Transcript } from '../model';
import { ContextGaps } from './contextGaps';
import { addTraceForest, type Draft, type TraceStep } from './common/callForest';
import { asArray, countMarkers, isObject } from './common/jsonText';
import { jsonValueTexts } from './common/jsonValueSpan';
import { InOrderTranscriptBuilder } from './common/inOrderTranscriptBuilder';
import { lcClass, readAnyMessage, readDocuments, readMessageList } from './langsmith/langchainMessages';
import { type Located, type Run, readRuns } from './langsmith/runRecords';

export const langsmithFormat: FormatParser = {
  id: 'langsmith',
  label: 'LangSmith runs',
  containers: ['json'],
  sniff(head) {
    if (!head.includes('"run_type"')) return 0;
    // Run records embed chat payloads, so they must outrank the chat formats' markers.
    return countMarkers(head, ['"dotted_order"', '"trace_id"', '"parent_run_id"', '"child_runs"', '"inputs"']) > 0 ? 0.95 : 0.5;
  },
  parse(input: ParseInput): Transcript {
    const b = new InOrderTranscriptBuilder('langsmith', input.raw);
    const traces = new Map<string, Array<TraceStep & { run: Run }>>();
    for (const run of readRuns(input.raw, b)) {
      const trace = traceOf(run);
      let steps = traces.get(trace);
      if (!steps) traces.set(trace, (steps = []));
      steps.push({ ...readRun(run), run });
    }
    for (const steps of traces.values()) {
      addTraceForest(b, steps, {
        compareEnds: (x, y) => compareRuns(x.run, y.run),
        compareStarts: (x, y) => compareRuns(x.run, y.run),
        finishedBefore: (p, call) => comesBefore(p.run, call.run),
      });
    }
    return b.finish();
  },
};

/** The trace a run belongs to; a dotted order starts with its root run's segment. */
function traceOf(run: Run): string {
  if (run.traceId) return run.traceId;
  const dot = run.dottedOrder.indexOf('.');
  return (dot === -1 ? run.dottedOrder : run.dottedOrder.slice(0, dot)) || run.key;
}

function compareRuns(a: Run, b: Run): number {
  if (a.dottedOrder && b.dottedOrder && a.dottedOrder !== b.dottedOrder) return a.dottedOrder < b.dottedOrder ? -1 : 1;
  return a.order - b.order;
}

function comesBefore(provider: Run, call: Run): boolean {
  if (provider.dottedOrder && call.dottedOrder) {
    return provider.dottedOrder < call.dottedOrder && !call.dottedOrder.startsWith(provider.dottedOrder);
  }
  return provider.order < call.order;
}

function readRun(run: Run): TraceStep {
  const step: TraceStep = { title: `run ${run.name || run.runType}`, inputs: [], outputs: [], provides: [], gaps: [], isModelCall: false };
  if (run.runType === 'llm') {
    step.isModelCall = true;
    step.inputs = [...toolDefinitions(run), ...llmInputs(run.inputs)];
    step.outputs = llmOutputs(run.outputs).map((d) => (d.role === 'user' ? { ...d, role: 'assistant' as Role } : d));
    if (!step.inputs.some((i) => i.role !== 'tool_definition') && step.outputs.length > 0) {
      step.gaps.push(ContextGaps.inputNotLogged(`run "${run.name}"`));
    }
  } else if (run.runType === 'retriever' && run.outputs && isObject(run.outputs.value)) {
    const { region, path, value } = run.outputs;
    step.provides = readDocuments(region, [...path, 'documents'], value.documents);
  } else if (run.runType === 'tool' && run.outputs && isObject(run.outputs.value)) {
    step.provides = toolOutput(run.outputs, run.name);
  }
  return step;
}

function llmInputs(inputs: Located | undefined): Draft[] {
  if (!inputs || !isObject(inputs.value)) return [];
  const { region, path, value } = inputs;
  if (Array.isArray(value.messages)) return readMessageList(region, [...path, 'messages'], value.messages, 'user');
  if (Array.isArray(value.prompts)) {
    return value.prompts.flatMap((p, i) =>
      typeof p === 'string' ? [{ role: 'user' as Role, text: { text: p, map: region.stringMap([...path, 'prompts', i]) }, label: 'prompt' }] : [],
    );
  }
  for (const key of ['input', 'prompt', 'question']) {
    if (typeof value[key] === 'string') return [{ role: 'user', text: { text: value[key] as string, map: region.stringMap([...path, key]) }, label: key }];
  }
  return [];
}

function llmOutputs(outputs: Located | undefined): Draft[] {
  if (!outputs || !isObject(outputs.value)) return [];
  const { region, path, value } = outputs;
  const out: Draft[] = [];
  if (Array.isArray(value.generations)) {
    value.generations.forEach((g, i) => {
      const list = Array.isArray(g) ? g.map((x, j) => ({ x, at: [...path, 'generations', i, j] })) : [{ x: g, at: [...path, 'generations', i] }];
      for (const { x, at } of list) {
        if (!isObject(x)) continue;
        if (isObject(x.message)) out.push(...readAnyMessage(region, [...at, 'message'], x.message, 'assistant'));
        else if (typeof x.text === 'string')
          out.push({ role: 'assistant', text: { text: x.text, map: region.stringMap([...at, 'text']) }, label: 'assistant' });
      }
    });
    return out;
  }
  asArray(value.choices).forEach((c, i) => {
    if (isObject(c) && isObject(c.message)) out.push(...readAnyMessage(region, [...path, 'choices', i, 'message'], c.message, 'assistant'));
  });
  if (out.length > 0) return out;
  for (const key of ['output', 'content', 'text']) {
    const v = value[key];
    if (typeof v === 'string') return [{ role: 'assistant', text: { text: v, map: region.stringMap([...path, key]) }, label: 'assistant' }];
    if (isObject(v)) return readAnyMessage(region, [...path, key], v, 'assistant');
  }
  return out;
}

function toolDefinitions(run: Run): Draft[] {
  const out: Draft[] = [];
  const add = (loc: Located | undefined, keys: string[]) => {
    if (!loc) return;
    let v: unknown = loc.value;
    for (const k of keys) v = isObject(v) ? v[k] : undefined;
    if (!Array.isArray(v)) return;
    v.forEach((tool, i) => {
      for (const t of jsonValueTexts(loc.region, [...loc.path, ...keys, i], tool)) out.push({ role: 'tool_definition', text: t, label: 'tool definition' });
    });
  };
  add(run.inputs, ['tools']);
  if (out.length === 0) add(run.extra, ['invocation_params', 'tools']);
  return out;
}

function toolOutput(outputs: Located, name: string): Draft[] {
  const { region, path, value } = outputs;
  const v = isObject(value) && 'output' in value ? value.output : value;
  const at = isObject(value) && 'output' in value ? [...path, 'output'] : path;
  const label = `tool result ${name}`.trim();
  if (lcClass(v) && isObject(v)) return readAnyMessage(region, at, v, 'tool_result').map((d) => ({ ...d, role: 'tool_result' as Role, label }));
  return jsonValueTexts(region, at, v).map((t) => ({ role: 'tool_result' as Role, text: t, label }));
}
