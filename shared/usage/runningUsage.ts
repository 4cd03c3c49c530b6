/**
 * The usage of a JSON Lines log (Claude Code, Codex, `codex exec`, Gemini
 * CLI) added up a line at a time: its calls, their sums per model and agent,
 * the session's totals, wall and active time, kept as they stand after the
 * last line read. A log that grows is read on from there, so a line appended
 * costs what that line holds, not what the log holds. A line can also change
 * a call read before (a response logged again with larger counts): its sums
 * take the difference, which is exact since counts are whole numbers. The
 * whole-file read (readUsage.ts) is this read run over every line, so the
 * two cannot differ.
 */
import type { ParseError } from '../transcript/model';
import { obj, str } from '../transcript/formats/shapes/jsonValues';
import { firstAtLeast } from '../text/sortedSearch';
import { ClaudeCodeCalls, progressAgentOf } from './claudeCodeUsage';
import { CodexExecCalls, CodexRolloutCalls } from './codexUsage';
import { GeminiLineCalls } from './geminiUsage';
import {
  addCounts,
  IDLE_GAP_MS,
  perModel,
  withOneHour,
  type CallUsage,
  type SessionUsage,
  type TokenCounts,
  type UsageError,
  type UsageGroup,
  type UsageLine,
} from './model';

/** A format's calls read a line at a time; `add` answers the index of the call a line adds or changes, or -1. */
interface CallReader {
  readonly calls: CallUsage[];
  add(line: UsageLine): number;
  /** The total the log keeps itself (Codex's counters), where it keeps one. */
  totals?(): TokenCounts | null;
}

/** The reader of a JSON Lines format whose usage is read line by line; undefined for any other. */
export function lineCallReader(format: string): CallReader | undefined {
  if (format === 'claude-code') return new ClaudeCodeCalls();
  if (format === 'codex') return new CodexRolloutCalls();
  if (format === 'codex-exec') return new CodexExecCalls();
  if (format === 'gemini-cli') return new GeminiLineCalls();
  return undefined;
}

/** What every session's usage states before its calls: its format, errors, times and id. */
export type UsageBase = Pick<SessionUsage, 'format' | 'errors' | 'firstTimestamp' | 'lastTimestamp' | 'wallMs' | 'activeMs' | 'sessionId'>;

/** Calls summed per model and agent (first seen first), their total and their models, as summarise gives them. */
export interface CallSums {
  groups: UsageGroup[];
  totals: TokenCounts | null;
  models: string[];
}

/**
 * A session that recorded `calls` (summed in `sums`), or says it recorded
 * none; `reportedTotals`: the log's own total, where it keeps one.
 */
export function recordedSession(base: UsageBase, calls: CallUsage[], sums: CallSums, reportedTotals: TokenCounts | null | undefined): SessionUsage {
  // Older Codex rollouts, for one, log no token counts at all.
  if (calls.length === 0)
    return { ...base, recorded: false, note: 'no usage recorded in this file', turns: 0, totals: null, models: [], groups: [], calls: [] };
  const { groups, totals, models } = sums;
  const session: SessionUsage = {
    ...base,
    recorded: true,
    turns: calls.length,
    totals: reportedTotals !== undefined ? reportedTotals : totals,
    models,
    groups,
    calls,
    byModel: perModel(groups),
  };
  // Codex's counters, not its turns, give the total; with one model, that total is the model's.
  if (reportedTotals && models.length === 1) session.byModel = [{ model: models[0], turns: calls.length, counts: reportedTotals }];
  return session;
}

export class RunningUsage {
  private readonly reader: CallReader;
  private readonly errors: UsageError[] = [];
  /** Every record's timestamp in ms, sorted, and the gaps of at most IDLE_GAP_MS between them, summed. */
  private readonly times: number[] = [];
  private active = 0;
  private first: { ms: number; text: string } | undefined;
  private last: { ms: number; text: string } | undefined;
  private sessionId: string | undefined;
  /** Sub-agents copied in `progress` lines (Claude Code), first seen first. */
  private readonly progress = new Set<string>();
  /** Per call, the counts and group it was summed with, so a change to it takes back just those. */
  private readonly summed: Array<{ counts: TokenCounts; group: string }> = [];
  private readonly groups = new Map<string, UsageGroup>();
  private readonly models = new Set<string>();
  private readonly agents = new Set<string>();
  private totals: TokenCounts | null = null;
  /** Calls added or changed since `takeChanged`, by index. */
  private changed = new Set<number>();

  private constructor(
    private readonly format: string,
    reader: CallReader,
  ) {
    this.reader = reader;
  }

  /** Undefined for a format whose usage is not read line by line. */
  static of(format: string): RunningUsage | undefined {
    const reader = lineCallReader(format);
    return reader && new RunningUsage(format, reader);
  }

  /** Lines that could not be read, in the order met (their line numbers 0-based, as the JSON Lines reader gives them). */
  addErrors(errors: readonly ParseError[]): void {
    for (const e of errors) this.errors.push({ line: e.line + 1, message: e.message });
  }

  add(line: UsageLine): void {
    const v = obj(line.value);
    const text = str(v?.timestamp);
    if (text !== undefined) this.addTime(text);
    if (this.format === 'claude-code') {
      if (this.sessionId === undefined) this.sessionId = str(v?.sessionId);
      const agent = progressAgentOf(line);
      if (agent !== undefined) this.progress.add(agent);
    }
    const at = this.reader.add(line);
    if (at !== -1) this.sum(at);
  }

  /** The session's usage as read so far, and every record's time (sorted; the list is kept and grows with later lines). */
  read(): { usage: SessionUsage; times: number[] } {
    const wall = this.first && this.last ? { firstTimestamp: this.first.text, lastTimestamp: this.last.text, wallMs: this.last.ms - this.first.ms } : undefined;
    const base: UsageBase = {
      format: this.format,
      errors: this.errors.slice(),
      ...wall,
      ...(wall ? { activeMs: this.active } : {}),
      ...(this.sessionId !== undefined ? { sessionId: this.sessionId } : {}),
    };
    const calls = this.reader.calls;
    const sums = { groups: [...this.groups.values()], totals: this.totals, models: [...this.models] };
    const usage = recordedSession(base, calls, sums, this.reader.totals?.());
    if (usage.recorded && this.format === 'claude-code') {
      const uncounted = [...this.progress].filter((a) => !this.agents.has(a));
      if (uncounted.length > 0) usage.progressOnlyAgents = uncounted;
    }
    return { usage, times: this.times };
  }

  /** The indices of the calls added or changed since the last time this was asked, ascending. */
  takeChanged(): number[] {
    const changed = [...this.changed].sort((a, b) => a - b);
    this.changed = new Set();
    return changed;
  }

  private addTime(text: string): void {
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) return;
    // Earliest and latest rather than first and last (see wallTime.ts), the first of equal ones kept.
    if (!this.first || ms < this.first.ms) this.first = { ms, text };
    if (!this.last || ms > this.last.ms) this.last = { ms, text };
    const times = this.times;
    const at = times.length === 0 || ms >= times[times.length - 1] ? times.length : firstAtLeast(times, ms);
    const gap = (a: number, b: number) => (b - a <= IDLE_GAP_MS ? b - a : 0);
    if (at > 0 && at < times.length) this.active -= gap(times[at - 1], times[at]);
    if (at > 0) this.active += gap(times[at - 1], ms);
    if (at < times.length) this.active += gap(ms, times[at]);
    if (at === times.length) times.push(ms);
    else times.splice(at, 0, ms);
  }

  /** Adds call `at` to the sums, or, read before, replaces what it added with what it holds now. */
  private sum(at: number): void {
    this.changed.add(at);
    const call = this.reader.calls[at];
    const group = `${call.model}\u0000${call.agent}`;
    const before = this.summed[at];
    if (!before) {
      this.summed.push({ counts: call.counts, group });
      const g = this.groups.get(group);
      this.groups.set(
        group,
        g ? { ...g, turns: g.turns + 1, counts: addCounts(g.counts, call.counts) } : { model: call.model, agent: call.agent, turns: 1, counts: call.counts },
      );
      this.totals = this.totals ? addCounts(this.totals, call.counts) : call.counts;
      this.models.add(call.model);
      this.agents.add(call.agent);
      return;
    }
    const g = this.groups.get(group);
    const inGroup = before.group === group && g ? replaced(g.counts, before.counts, call.counts) : undefined;
    const inTotals = this.totals ? replaced(this.totals, before.counts, call.counts) : undefined;
    if (!g || !inGroup || !inTotals) {
      // A call that moved to another model or agent, or whose counts changed what they record: summed again from the start, as summarise sums them.
      this.summed[at] = { counts: call.counts, group };
      this.sumAgain();
      return;
    }
    this.summed[at] = { counts: call.counts, group };
    this.groups.set(group, { ...g, counts: inGroup });
    this.totals = inTotals;
  }

  private sumAgain(): void {
    this.groups.clear();
    this.models.clear();
    this.agents.clear();
    this.totals = null;
    this.summed.length = 0;
    const changed = this.changed;
    this.changed = new Set();
    for (let i = 0; i < this.reader.calls.length; i++) this.sum(i);
    this.changed = changed;
  }
}

/**
 * `sum` with the counts `before` of one of its calls replaced by `now`;
 * undefined when a field one of them records the other does not (a sum
 * would then have to be taken again to know whether any call records it).
 */
function replaced(sum: TokenCounts, before: TokenCounts, now: TokenCounts): TokenCounts | undefined {
  if ((before.cacheWrite === null) !== (now.cacheWrite === null) || (before.reasoning === null) !== (now.reasoning === null)) return undefined;
  const nullable = (s: number | null, b: number | null, n: number | null) => (b === null || n === null ? s : (s ?? 0) - b + n);
  return withOneHour(
    {
      input: sum.input - before.input + now.input,
      output: sum.output - before.output + now.output,
      cacheWrite: nullable(sum.cacheWrite, before.cacheWrite, now.cacheWrite),
      cacheRead: sum.cacheRead - before.cacheRead + now.cacheRead,
      reasoning: nullable(sum.reasoning, before.reasoning, now.reasoning),
    },
    (sum.cacheWrite1h ?? 0) - (before.cacheWrite1h ?? 0) + (now.cacheWrite1h ?? 0),
  );
}
