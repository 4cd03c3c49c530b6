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
    const agent = progressAgentOf(line);
    if (agent !== undefined) agents.add(agent);
  }
  return [...agents];
}

/** The sub-agent whose response a `progress` line copies (see progressAgents), or undefined for any other line. */
export function progressAgentOf(line: UsageLine): string | undefined {
  const v = obj(line.value);
  const data = v?.type === 'progress' ? obj(v.data) : undefined;
  if (data?.type !== 'agent_progress' || !obj(obj(obj(data.message)?.message)?.usage)) return undefined;
  const id = str(data.agentId);
  return id === undefined ? 'sub-agent' : `sub-agent ${id}`;
}

export function claudeCodeCalls(lines: readonly UsageLine[]): CallUsage[] {
  const reader = new ClaudeCodeCalls();
  for (const line of lines) reader.add(line);
  return reader.calls;
}

/**
 * The calls of a Claude Code log read a line at a time, so a log that grows
 * is read on from where it stood: a line of a response logged before changes
 * that call (its counts and its line), any other adds one.
 */
export class ClaudeCodeCalls {
  readonly calls: CallUsage[] = [];
  /** The index of each response's call, by message id. */
  private readonly byId = new Map<string, number>();

  /** Reads one line: the index of the call it adds or changes, or -1 when it records none. */
  add(line: UsageLine): number {
    const v = obj(line.value);
    if (!v || v.type !== 'assistant') return -1;
    const message = obj(v.message);
    const usage = obj(message?.usage);
    if (!message || !usage) return -1;
    const model = str(message.model) ?? 'unknown';
    if (model === SYNTHETIC_MODEL) return -1;
    const counts = countsOf(usage);
    const id = str(message.id);
    const at = id === undefined ? undefined : this.byId.get(id);
    if (at !== undefined) {
      const earlier = this.calls[at];
      earlier.counts = largest(earlier.counts, counts);
      earlier.line = line.line + 1;
      earlier.range = [line.start, line.end];
      return at;
    }
    const call: CallUsage = { line: line.line + 1, range: [line.start, line.end], model, agent: agentOf(v), counts };
    if (id !== undefined) {
      call.key = `claude:${id}`;
      this.byId.set(id, this.calls.length);
    }
    this.calls.push(call);
    return this.calls.length - 1;
  }
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
