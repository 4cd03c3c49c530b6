/**
 * Token usage in Gemini CLI session logs. Each model message (`type:
 * "gemini"`) carries the response's `tokens` (`input`, `output`, `cached`,
 * `thoughts`, `tool`, `total`) and `model`. The CLI writes a message again
 * under its id when it is updated (tool calls added), so a message counts
 * once, with its latest record. A message later rewound away was still
 * paid for, so it counts too.
 *
 * Gemini's `input` includes the cached prompt tokens and its `output`
 * leaves out the thinking tokens (`thoughts`), which are billed as output;
 * they are converted to TokenCounts' vocabulary. `tool` (tool-use prompt
 * tokens) is prompt.
 */
import { arr, obj, str, type JsonObject } from '../transcript/formats/shapes/jsonValues';
import { count } from './claudeCodeUsage';
import type { CallUsage, TokenCounts, UsageLine } from './model';

/** The calls of a JSON Lines log: one per message id, from its latest record. */
export function geminiLineCalls(lines: readonly UsageLine[]): CallUsage[] {
  const byId = new Map<string, CallUsage>();
  const calls: CallUsage[] = [];
  for (const line of lines) {
    const call = callOf(obj(line.value), line.line + 1, [line.start, line.end]);
    if (call) keep(call, byId, calls);
  }
  return calls;
}

/** The calls of the single-document layout (`{ …, "messages": [ … ] }`), all on the document's line. */
export function geminiDocumentCalls(document: unknown, line: number): CallUsage[] {
  const byId = new Map<string, CallUsage>();
  const calls: CallUsage[] = [];
  for (const m of arr(obj(document)?.messages)) {
    const call = callOf(obj(m), line, undefined);
    if (call) keep(call, byId, calls);
  }
  return calls;
}

/** A message written again replaces its earlier record in place, so its call keeps its first position. */
function keep(call: CallUsage, byId: Map<string, CallUsage>, calls: CallUsage[]): void {
  const earlier = call.key === undefined ? undefined : byId.get(call.key);
  if (earlier) {
    Object.assign(earlier, call);
    return;
  }
  if (call.key !== undefined) byId.set(call.key, call);
  calls.push(call);
}

function callOf(message: JsonObject | undefined, line: number, range: [number, number] | undefined): CallUsage | undefined {
  const tokens = obj(message?.tokens);
  if (!message || message.type !== 'gemini' || !tokens) return undefined;
  const call: CallUsage = { line, model: str(message.model) ?? 'unknown', agent: 'main', counts: countsOf(tokens) };
  if (range) call.range = range;
  const id = str(message.id);
  if (id !== undefined) call.key = `gemini:${id}`;
  return call;
}

function countsOf(tokens: JsonObject): TokenCounts {
  const cached = count(tokens.cached);
  const thoughts = count(tokens.thoughts);
  return {
    input: Math.max(0, count(tokens.input) - cached) + count(tokens.tool),
    output: count(tokens.output) + thoughts,
    cacheWrite: null,
    cacheRead: cached,
    reasoning: thoughts,
  };
}
