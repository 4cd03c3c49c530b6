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

/** A Gemini CLI JSON Lines log's calls, one per message id from its latest record, read a line at a time so a log that grows is read on from where it stood. */
export class GeminiLineCalls {
  readonly calls: CallUsage[] = [];
  private readonly byId = new Map<string, number>();

  /** Reads one line: the index of the call it adds or changes (a message written again), or -1. */
  add(line: UsageLine): number {
    const call = callOf(obj(line.value), line.line + 1, [line.start, line.end]);
    return call ? keep(call, this.byId, this.calls) : -1;
  }
}

/** The calls of the single-document layout (`{ …, "messages": [ … ] }`), all on the document's line. */
export function geminiDocumentCalls(document: unknown, line: number): CallUsage[] {
  const byId = new Map<string, number>();
  const calls: CallUsage[] = [];
  for (const m of arr(obj(document)?.messages)) {
    const call = callOf(obj(m), line, undefined);
    if (call) keep(call, byId, calls);
  }
  return calls;
}

/** A message written again replaces its earlier record in place, so its call keeps its first position. Answers the call's index. */
function keep(call: CallUsage, byId: Map<string, number>, calls: CallUsage[]): number {
  const at = call.key === undefined ? undefined : byId.get(call.key);
  if (at !== undefined) {
    Object.assign(calls[at], call);
    return at;
  }
  if (call.key !== undefined) byId.set(call.key, calls.length);
  calls.push(call);
  return calls.length - 1;
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
