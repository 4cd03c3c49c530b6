/**
 * Token usage in Claude Code session logs. Claude Code writes one line per
 * content block of an API response, each with the response's `message.usage`
 * as it stood when the block was written: `output_tokens` grows from line to
 * line while the response streams, and some proxies log a zero on a later
 * line. So a response (one `message.id`) counts once, with each field's
 * largest value over its lines.
 *
 * Sub-agents appear as `isSidechain` lines (inline in older logs, or the
 * whole of a `subagents/agent-*.jsonl` file, tagged with `agentId`). Newer
 * main logs also copy a sub-agent's messages into `progress` lines, but as
 * snapshots taken mid-stream (output counts still at 1 or 3); those are not
 * counted, and the sub-agent's own file gives its usage.
 */
import { obj, str, type JsonObject } from '../transcript/formats/shapes/jsonValues';
import { withOneHour, type CallUsage, type TokenCounts, type UsageLine } from './model';

/** Responses Claude Code writes itself (API errors, "no response requested"): no model was called. */
const SYNTHETIC_MODEL = '<synthetic>';

/** Sub-agents (as CallUsage.agent names them) whose responses appear in `progress` lines, which are not counted. */
export function progressAgents(lines: readonly UsageLine[]): string[] {
  const agents = new Set<string>();
  for (const line of lines) {
    const v = obj(line.value);
    const data = v?.type === 'progress' ? obj(v.data) : undefined;
    if (data?.type !== 'agent_progress' || !obj(obj(obj(data.message)?.message)?.usage)) continue;
    const id = str(data.agentId);
    agents.add(id === undefined ? 'sub-agent' : `sub-agent ${id}`);
  }
  return [...agents];
}

export function claudeCodeCalls(lines: readonly UsageLine[]): CallUsage[] {
  const byId = new Map<string, CallUsage>();
  const calls: CallUsage[] = [];
  for (const line of lines) {
    const v = obj(line.value);
    if (!v || v.type !== 'assistant') continue;
    const message = obj(v.message);
    const usage = obj(message?.usage);
    if (!message || !usage) continue;
    const model = str(message.model) ?? 'unknown';
    if (model === SYNTHETIC_MODEL) continue;
    const counts = countsOf(usage);
    const id = str(message.id);
    const earlier = id === undefined ? undefined : byId.get(id);
    if (earlier) {
      earlier.counts = largest(earlier.counts, counts);
      earlier.line = line.line + 1;
      earlier.range = [line.start, line.end];
      continue;
    }
    const call: CallUsage = { line: line.line + 1, range: [line.start, line.end], model, agent: agentOf(v), counts };
    if (id !== undefined) {
      call.key = `claude:${id}`;
      byId.set(id, call);
    }
    calls.push(call);
  }
  return calls;
}

function agentOf(v: JsonObject): string {
  if (v.isSidechain !== true) return 'main';
  const id = str(v.agentId);
  return id === undefined ? 'sub-agent' : `sub-agent ${id}`;
}

function countsOf(usage: JsonObject): TokenCounts {
  return withOneHour(
    {
      input: count(usage.input_tokens),
      output: count(usage.output_tokens),
      cacheWrite: count(usage.cache_creation_input_tokens),
      cacheRead: count(usage.cache_read_input_tokens),
      reasoning: null,
    },
    count(obj(usage.cache_creation)?.ephemeral_1h_input_tokens),
  );
}

/** A token count as logged; anything but a non-negative integer (absent, null, text) counts as none. */
export function count(v: unknown): number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : 0;
}

function largest(a: TokenCounts, b: TokenCounts): TokenCounts {
  return withOneHour(
    {
      input: Math.max(a.input, b.input),
      output: Math.max(a.output, b.output),
      cacheWrite: Math.max(a.cacheWrite ?? 0, b.cacheWrite ?? 0),
      cacheRead: Math.max(a.cacheRead, b.cacheRead),
      reasoning: null,
    },
    Math.max(a.cacheWrite1h ?? 0, b.cacheWrite1h ?? 0),
  );
}
