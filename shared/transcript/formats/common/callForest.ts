/**
 * The shape shared by trace formats (OTLP spans, LangSmith runs, Langfuse
 * observations): each model call becomes its own branch (inputs, then
 * outputs) hanging below the documents and tool results that other steps of
 * the same trace finished before the call started. A step that finishes
 * later never grounds an earlier answer.
 */
import type { ContextGap } from '../../../classifier/types';
import type { Role } from '../../model';
import type { TextAt } from './jsonText';
import { ContextGaps } from '../contextGaps';
import type { InOrderTranscriptBuilder } from './inOrderTranscriptBuilder';

export interface Draft {
  role: Role;
  text: TextAt;
  label: string;
}

export interface TraceStep {
  /** Shown in labels: "span chat gpt-4o", "run ChatOpenAI". */
  title: string;
  inputs: Draft[];
  outputs: Draft[];
  provides: Draft[];
  gaps: ContextGap[];
  isModelCall: boolean;
}

export interface TraceTiming<S> {
  /** Providers in the order they finished. */
  compareEnds(a: S, b: S): number;
  /** Model calls in the order they started. */
  compareStarts(a: S, b: S): number;
  /** Did `provider` finish before `call` started? */
  finishedBefore(provider: S, call: S): boolean;
}

export function addTraceForest<S extends TraceStep>(b: InOrderTranscriptBuilder, steps: S[], timing: TraceTiming<S>): void {
  const providers = steps.filter((s) => s.provides.length > 0).sort(timing.compareEnds);
  const chain: Array<{ step: S; tip: number }> = [];
  let tip = -1;
  for (const step of providers) {
    for (const p of step.provides) tip = b.add({ role: p.role, ...p.text, parent: tip, label: `${p.label} (${step.title})` });
    chain.push({ step, tip });
  }
  const calls = steps.filter((s) => s.isModelCall).sort(timing.compareStarts);
  for (const call of calls) {
    let at = -1;
    const gaps: ContextGap[] = [...call.gaps];
    if (callsUndefinedTools(call)) gaps.push(ContextGaps.toolSchemasMissing());
    for (const c of chain) {
      if (!timing.finishedBefore(c.step, call)) break;
      at = c.tip;
      gaps.push(...c.step.gaps);
    }
    call.inputs.forEach((t, k) => {
      at = b.add({ role: t.role, ...t.text, parent: at, label: `${t.label} ${k + 1} (${call.title})` });
    });
    const unique = gaps.filter((g, i) => gaps.findIndex((h) => h.code === g.code) === i);
    for (const o of call.outputs) {
      const isOutput = o.role === 'assistant';
      at = b.add({ role: o.role, ...o.text, parent: at, isOutput, label: `${o.label} (${call.title})`, gaps: isOutput ? unique : undefined });
    }
  }
}

/** The model called tools, yet the step logged no tool definitions it was given. */
function callsUndefinedTools(call: TraceStep): boolean {
  const calls = call.inputs.some((d) => d.role === 'tool_call') || call.outputs.some((d) => d.role === 'tool_call');
  return calls && !call.inputs.some((d) => d.role === 'tool_definition');
}
