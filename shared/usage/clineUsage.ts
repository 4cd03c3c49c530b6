/**
 * Token usage in Cline's UI log (`tasks/<id>/ui_messages.json`, beside the
 * task's `api_conversation_history.json`, which records none). Each API
 * request is a `say: "api_req_started"` message whose `text` is JSON; when
 * the response has streamed, Cline writes the request's figures into it:
 * `tokensIn`, `tokensOut`, `cacheWrites`, `cacheReads` (and its own `cost`).
 * Older Cline versions wrote them to an `api_req_finished` message after the
 * request instead; those belong to the request before them. Cline normalises
 * every provider to one vocabulary, the one used here: `tokensIn` is the
 * prompt not read from or written to a cache (its context-window figure is
 * the four added up). A request that failed before any token was counted
 * (a `cancelReason` and every figure 0) is no model turn; one that failed
 * mid-stream with figures was billed and counts. `deleted_api_reqs` holds the
 * sums of requests later removed from the task, which were spent all the
 * same. The model is the message's `modelInfo.modelId` (newer versions);
 * `unknown` where it names none.
 */
import { obj, str } from '../transcript/formats/shapes/jsonValues';
import { count } from './claudeCodeUsage';
import type { CallUsage } from './model';

/** Cline writes the array compactly, each message opening with its `ts` and `type`. */
const HEAD = /^\uFEFF?\s*\[\s*\{\s*"ts"\s*:\s*\d{1,16}\s*,\s*"type"\s*:\s*"(?:say|ask)"/;

/** Whether a file's head is a Cline UI log. */
export function isClineUiLog(head: string): boolean {
  return HEAD.test(head);
}

/** The model calls of a parsed UI log, in message order, each on `line` (the log is usually one line). */
export function clineUiCalls(messages: unknown, lineOf: (index: number) => number): CallUsage[] {
  if (!Array.isArray(messages)) return [];
  const calls: CallUsage[] = [];
  /** The last request still waiting for its figures (older logs give them in api_req_finished). */
  let open: { index: number; model: string; failed: boolean } | undefined;
  messages.forEach((m, index) => {
    const v = obj(m);
    if (!v || v.type !== 'say') return;
    if (v.say !== 'api_req_started' && v.say !== 'api_req_finished' && v.say !== 'deleted_api_reqs') return;
    const fields = parsed(str(v.text));
    const model = str(obj(v.modelInfo)?.modelId) ?? 'unknown';
    const figures = fields && hasFigures(fields) ? countsOf(fields) : undefined;
    if (v.say === 'api_req_started') {
      open = figures ? undefined : { index, model, failed: fields?.cancelReason !== undefined };
      if (figures && !(fields?.cancelReason !== undefined && isZero(figures))) calls.push(call(index, model, figures, lineOf));
      return;
    }
    if (v.say === 'api_req_finished') {
      if (figures && open && !(open.failed && isZero(figures))) calls.push(call(open.index, open.model, figures, lineOf));
      open = undefined;
      return;
    }
    if (figures && !isZero(figures)) calls.push(call(index, model, figures, lineOf));
  });
  return calls;
}

function call(index: number, model: string, counts: CallUsage['counts'], lineOf: (index: number) => number): CallUsage {
  return { line: lineOf(index), model, agent: 'main', counts };
}

function parsed(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    return obj(JSON.parse(text));
  } catch {
    return undefined; // A request still streaming when the log was copied, cut mid-text: no figures yet.
  }
}

function hasFigures(f: Record<string, unknown>): boolean {
  return ['tokensIn', 'tokensOut', 'cacheWrites', 'cacheReads'].some((k) => typeof f[k] === 'number');
}

function countsOf(f: Record<string, unknown>): CallUsage['counts'] {
  return { input: count(f.tokensIn), output: count(f.tokensOut), cacheWrite: count(f.cacheWrites), cacheRead: count(f.cacheReads), reasoning: null };
}

function isZero(c: CallUsage['counts']): boolean {
  return c.input === 0 && c.output === 0 && (c.cacheWrite ?? 0) === 0 && c.cacheRead === 0;
}
