/**
 * Token usage in Codex CLI rollouts. After each model response Codex logs an
 * `event_msg` of type `token_count` whose `info` holds the running
 * `total_token_usage` and the response's own `last_token_usage`. The same
 * event is often logged twice, and a review (`/review`) runs its own counter
 * from zero in the middle of the session, after which the main counter comes
 * back where it stood. So an event that repeats a counter's current total is
 * a repeat; one that adds its `last_token_usage` to a counter's total
 * advances that counter; any other starts a new counter. The session's total
 * is the sum of its counters' final totals.
 *
 * `codex exec --json` streams give each turn's usage on `turn.completed`.
 *
 * OpenAI's input figure includes cached tokens and its output figure
 * includes reasoning tokens; they are converted to TokenCounts' vocabulary.
 */
import { obj, str, type JsonObject } from '../transcript/formats/shapes/jsonValues';
import { count } from './claudeCodeUsage';
import { addCounts, type CallUsage, type TokenCounts, type UsageLine } from './model';

interface RawUsage {
  input: number;
  cached: number;
  output: number;
  reasoning: number;
  total: number;
}

/** A Codex rollout's calls read a line at a time, so a rollout that grows is read on from where it stood. */
export class CodexRolloutCalls {
  readonly calls: CallUsage[] = [];
  private readonly counters: RawUsage[] = [];
  private model = 'unknown';

  /** Reads one line: the index of the call it adds, or -1 when it adds none (a call once read never changes). */
  add(line: UsageLine): number {
    const v = obj(line.value);
    const payload = obj(v?.payload);
    if (!v || !payload) return -1;
    if (v.type === 'turn_context') this.model = str(payload.model) ?? this.model;
    if (v.type !== 'event_msg' || payload.type !== 'token_count') return -1;
    const info = obj(payload.info);
    const total = rawOf(obj(info?.total_token_usage));
    const last = rawOf(obj(info?.last_token_usage));
    // `info: null` events carry rate limits only.
    if (!total || !last) return -1;
    const counters = this.counters;
    if (counters.some((c) => sameRaw(c, total))) return -1;
    const advanced = counters.findIndex((c) => sameRaw(plusRaw(c, last), total));
    if (advanced === -1) counters.push(total);
    else counters[advanced] = total;
    this.calls.push({ line: line.line + 1, range: [line.start, line.end], model: this.model, agent: 'main', counts: converted(last) });
    return this.calls.length - 1;
  }

  /** The sum of the counters' final totals (a counter per review, so a handful). */
  totals(): TokenCounts | null {
    return this.counters.length === 0 ? null : this.counters.map(converted).reduce(addCounts);
  }
}

/** A `codex exec --json` stream's calls read a line at a time: each `turn.completed` adds one. */
export class CodexExecCalls {
  readonly calls: CallUsage[] = [];

  /** Reads one line: the index of the call it adds, or -1. */
  add(line: UsageLine): number {
    const v = obj(line.value);
    if (!v || v.type !== 'turn.completed') return -1;
    const usage = rawOf(obj(v.usage));
    if (!usage) return -1;
    this.calls.push({ line: line.line + 1, range: [line.start, line.end], model: 'unknown', agent: 'main', counts: converted(usage) });
    return this.calls.length - 1;
  }
}

function rawOf(u: JsonObject | undefined): RawUsage | undefined {
  if (!u) return undefined;
  const input = count(u.input_tokens);
  const output = count(u.output_tokens);
  return {
    input,
    cached: count(u.cached_input_tokens),
    output,
    reasoning: count(u.reasoning_output_tokens),
    total: typeof u.total_tokens === 'number' ? count(u.total_tokens) : input + output,
  };
}

function sameRaw(a: RawUsage, b: RawUsage): boolean {
  return a.input === b.input && a.cached === b.cached && a.output === b.output && a.reasoning === b.reasoning && a.total === b.total;
}

function plusRaw(a: RawUsage, b: RawUsage): RawUsage {
  return { input: a.input + b.input, cached: a.cached + b.cached, output: a.output + b.output, reasoning: a.reasoning + b.reasoning, total: a.total + b.total };
}

function converted(u: RawUsage): TokenCounts {
  return { input: Math.max(0, u.input - u.cached), output: u.output, cacheWrite: null, cacheRead: u.cached, reasoning: u.reasoning };
}
