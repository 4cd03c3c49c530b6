/**
 * Token usage in evaluation and tracing logs: Inspect AI's `model_usage`,
 * LangSmith runs' `usage_metadata` (or a chat completion's `usage`), and
 * Langfuse generations' `usageDetails` (or the older `usage` and
 * `promptTokens` / `completionTokens`).
 *
 * Inspect keeps the input figure as the provider gave it: Anthropic's
 * excludes cache reads and writes, the others' include them, so they are
 * taken out of those. LangChain's `usage_metadata.input_tokens` includes
 * its `input_token_details` cache figures, and they are taken out.
 * Langfuse's `usageDetails.input` is the uncached input already.
 */
import type { InOrderTranscriptBuilder } from '../transcript/formats/common/inOrderTranscriptBuilder';
import { readRuns } from '../transcript/formats/langsmith/runRecords';
import { arr, obj, str, type JsonObject } from '../transcript/formats/shapes/jsonValues';
import { apiUsageCounts } from './apiUsage';
import { count } from './claudeCodeUsage';
import { objectsIn } from './objectsIn';
import type { CallUsage, TokenCounts } from './model';

/** Inspect: one call per model event of each sample; else per sample and model; else the log's per-model totals. */
export function inspectUsageCalls(log: unknown): CallUsage[] {
  const root = obj(log);
  if (!root) return [];
  const samples = arr(root.samples)
    .map(obj)
    .filter((s): s is JsonObject => s !== undefined);
  const events = samples.flatMap((s) =>
    arr(s.events)
      .map(obj)
      .filter((e): e is JsonObject => e?.event === 'model' && obj(obj(e.output)?.usage) !== undefined),
  );
  if (events.length > 0) return events.map((e) => inspectCall(str(e.model) ?? str(obj(e.output)?.model) ?? 'unknown', obj(obj(e.output)?.usage)!));
  const perSample = samples.flatMap((s) => Object.entries(obj(s.model_usage) ?? {}));
  const entries = perSample.length > 0 ? perSample : Object.entries(obj(obj(root.stats)?.model_usage) ?? {});
  return entries.flatMap(([model, u]) => (obj(u) ? [inspectCall(model, obj(u)!)] : []));
}

function inspectCall(model: string, u: JsonObject): CallUsage {
  const cacheRead = count(u.input_tokens_cache_read);
  const cacheWrite = count(u.input_tokens_cache_write);
  const anthropic = model.startsWith('anthropic/') || model.includes('claude');
  const input = anthropic ? count(u.input_tokens) : Math.max(0, count(u.input_tokens) - cacheRead - cacheWrite);
  const reasoning = typeof u.reasoning_tokens === 'number' ? count(u.reasoning_tokens) : null;
  return {
    line: 1,
    model,
    agent: 'main',
    counts: { input, output: count(u.output_tokens), cacheWrite: 'input_tokens_cache_write' in u ? cacheWrite : null, cacheRead, reasoning },
  };
}

/** LangSmith: each `llm` run's usage, from its outputs. */
export function langsmithUsageCalls(raw: string, b: InOrderTranscriptBuilder, lineOf: (offset: number) => number): CallUsage[] {
  const calls: CallUsage[] = [];
  for (const run of readRuns(raw, b)) {
    if (run.runType !== 'llm' || !run.outputs) continue;
    const counts = langsmithCounts(run.outputs.value);
    if (!counts) continue;
    const meta = obj(obj(run.extra?.value)?.metadata);
    const model = str(meta?.ls_model_name) ?? str(obj(run.outputs.value)?.model) ?? str(obj(obj(run.extra?.value)?.invocation_params)?.model) ?? 'unknown';
    calls.push({ line: lineOf(run.outputs.region.start), model, agent: 'main', counts, key: `langsmith:${run.key}` });
  }
  return calls;
}

function langsmithCounts(outputs: unknown): TokenCounts | undefined {
  const o = obj(outputs);
  if (!o) return undefined;
  const metadata = obj(o.usage_metadata) ?? generationUsageMetadata(o);
  if (metadata && (typeof metadata.input_tokens === 'number' || typeof metadata.output_tokens === 'number')) {
    const inDetails = obj(metadata.input_token_details);
    const cacheRead = count(inDetails?.cache_read);
    const cacheWrite = count(inDetails?.cache_creation);
    const outDetails = obj(metadata.output_token_details);
    return {
      input: Math.max(0, count(metadata.input_tokens) - cacheRead - cacheWrite),
      output: count(metadata.output_tokens),
      cacheWrite: inDetails && 'cache_creation' in inDetails ? cacheWrite : null,
      cacheRead,
      reasoning: outDetails && typeof outDetails.reasoning === 'number' ? count(outDetails.reasoning) : null,
    };
  }
  const tokenUsage = obj(obj(o.llm_output)?.token_usage);
  if (tokenUsage) return apiUsageCounts(tokenUsage, 'openai-chat');
  const usage = obj(o.usage);
  return usage ? apiUsageCounts(usage) : undefined;
}

/** `generations[0][0].message.kwargs.usage_metadata`, where LangChain serialises the AI message. */
function generationUsageMetadata(o: JsonObject): JsonObject | undefined {
  const first = obj(arr(arr(o.generations)[0])[0]);
  const message = obj(first?.message);
  return obj(obj(message?.kwargs)?.usage_metadata) ?? obj(message?.usage_metadata);
}

/** Langfuse: every GENERATION observation (found at any depth), once per id. */
export function langfuseUsageCalls(values: ReadonlyArray<{ value: unknown; line: number }>): CallUsage[] {
  const calls: CallUsage[] = [];
  const seen = new Set<string>();
  for (const { value, line } of values) {
    for (const o of objectsIn(value)) {
      if (o.type === 'GENERATION') {
        const id = str(o.id);
        const counts = langfuseCounts(o);
        if (counts && !(id !== undefined && seen.has(id))) {
          if (id !== undefined) seen.add(id);
          calls.push({ line, model: str(o.model) ?? 'unknown', agent: 'main', counts, ...(id !== undefined ? { key: `langfuse:${id}` } : {}) });
        }
      }
    }
  }
  return calls;
}

function langfuseCounts(o: JsonObject): TokenCounts | undefined {
  const d = obj(o.usageDetails);
  if (d && (typeof d.input === 'number' || typeof d.output === 'number')) {
    const cacheRead = count(d.input_cached_tokens) + count(d.cache_read_input_tokens) + count(d.input_cache_read);
    const hasWrite = 'cache_creation_input_tokens' in d || 'input_cache_creation' in d;
    const reasoning = d.output_reasoning_tokens ?? d.output_reasoning;
    return {
      input: count(d.input),
      output: count(d.output),
      cacheWrite: hasWrite ? count(d.cache_creation_input_tokens) + count(d.input_cache_creation) : null,
      cacheRead,
      reasoning: typeof reasoning === 'number' ? count(reasoning) : null,
    };
  }
  const u = obj(o.usage);
  // The older `usage` may count characters or images (`unit`), which are no tokens.
  if (u && (u.unit === undefined || u.unit === 'TOKENS') && (typeof u.input === 'number' || typeof u.output === 'number'))
    return { input: count(u.input), output: count(u.output), cacheWrite: null, cacheRead: 0, reasoning: null };
  if (typeof o.promptTokens === 'number' || typeof o.completionTokens === 'number') {
    return { input: count(o.promptTokens), output: count(o.completionTokens), cacheWrite: null, cacheRead: 0, reasoning: null };
  }
  return undefined;
}
