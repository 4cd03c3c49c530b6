/**
 * What a session's log says it spent: token counts per model call, grouped
 * by model and by agent (the main conversation or a sub-agent), with the
 * session's wall time. Counts are only ever copied from the log; a format
 * that records none says so instead of being estimated.
 */

/**
 * Token counts in one vocabulary for every format. `input` is the prompt
 * tokens not read from a cache, so input + cacheWrite + cacheRead is the
 * whole prompt whatever the provider (Anthropic counts cached tokens apart,
 * OpenAI includes them in its input figure and is converted here).
 */
export interface TokenCounts {
  input: number;
  output: number;
  /** Prompt tokens written to a cache; null where the format records none (Codex). */
  cacheWrite: number | null;
  cacheRead: number;
  /** Part of `output` spent reasoning; null where the format does not say (Claude Code). */
  reasoning: number | null;
  /**
   * Part of `cacheWrite` written to a one-hour cache, which costs more than
   * the default five-minute one; present only where the log says (newer
   * Claude Code logs' `cache_creation.ephemeral_1h_input_tokens`) and some was.
   */
  cacheWrite1h?: number;
}

/** One model call: an API response (Claude Code) or a turn's token update (Codex). */
export interface CallUsage {
  /** 1-based line of the record the counts were read from (the last one for a split response). */
  line: number;
  /** That record's raw range in the file (UTF-16 offsets), where a log is read line by line. */
  range?: [number, number];
  model: string;
  /** `main`, or `sub-agent` plus the agent's id when the log gives it. */
  agent: string;
  counts: TokenCounts;
  /**
   * What identifies the call across files (`claude:msg_…`), so a response
   * logged both in a session and in its sub-agent's file counts once in a
   * total. Absent where the log gives no such id.
   */
  key?: string;
}

export interface UsageGroup {
  model: string;
  agent: string;
  turns: number;
  counts: TokenCounts;
}

export interface UsageError {
  /** 1-based. */
  line: number;
  message: string;
}

export interface SessionUsage {
  format: string;
  /** False when the format records no usage, or records it in a way not read here. */
  recorded: boolean;
  /** Why there are no counts, when `recorded` is false. */
  note?: string;
  /** Model calls (see CallUsage). */
  turns: number;
  /** The sum over the session; null when nothing is recorded. */
  totals: TokenCounts | null;
  models: string[];
  groups: UsageGroup[];
  calls: CallUsage[];
  /** Earliest and latest timestamps in the log (ISO strings as written). */
  firstTimestamp?: string;
  lastTimestamp?: string;
  /** Milliseconds from the first to the last timestamp. */
  wallMs?: number;
  errors: UsageError[];
  /**
   * Sub-agents whose responses this log holds only as mid-stream copies
   * (Claude Code `progress` lines), not counted: their own files hold the
   * figures. Absent when there are none.
   */
  progressOnlyAgents?: string[];
  /**
   * Time spent working: the gaps between consecutive timestamps (over the
   * session and its sub-agents, in time order) that are at most IDLE_GAP_MS,
   * summed. A longer gap (the user away, the session closed and resumed)
   * counts as idle.
   */
  activeMs?: number;
  /** The session id the log names (Claude Code), which its sub-agent files share. */
  sessionId?: string;
  /** Sums per model over every agent, in first-seen order. */
  byModel?: ModelUsage[];
  /** Sub-agents whose own files were summed into these figures (Claude Code), one each. */
  subAgents?: SubAgentUsage[];
}

export interface ModelUsage {
  model: string;
  turns: number;
  counts: TokenCounts;
}

/** A sub-agent's own file, as summed into its session. */
export interface SubAgentUsage {
  /** As CallUsage.agent names it: `sub-agent <agentId>`. */
  agent: string;
  /** The file it was read from (absolute, or as the command line showed it). */
  file: string;
  turns: number;
  totals: TokenCounts | null;
  models: string[];
  byModel?: ModelUsage[];
  firstTimestamp?: string;
  lastTimestamp?: string;
  wallMs?: number;
  activeMs?: number;
}

/** A JSON Lines record as the usage readers need it: where it is and its value (no region into the file's text). */
export interface UsageLine {
  /** 0-based. */
  line: number;
  start: number;
  end: number;
  value: unknown;
}

/** Gaps between records longer than this are idle time, not active time (see SessionUsage.activeMs). */
export const IDLE_GAP_MS = 5 * 60_000;

export const NO_USAGE_RECORDED = 'no usage recorded in this format';

export function zeroCounts(cacheWrite: number | null = 0, reasoning: number | null = 0): TokenCounts {
  return { input: 0, output: 0, cacheWrite, cacheRead: 0, reasoning };
}

/** `a + b`, where a field unknown on one side stays known from the other. */
export function addCounts(a: TokenCounts, b: TokenCounts): TokenCounts {
  return withOneHour(
    {
      input: a.input + b.input,
      output: a.output + b.output,
      cacheWrite: addKnown(a.cacheWrite, b.cacheWrite),
      cacheRead: a.cacheRead + b.cacheRead,
      reasoning: addKnown(a.reasoning, b.reasoning),
    },
    (a.cacheWrite1h ?? 0) + (b.cacheWrite1h ?? 0),
  );
}

/** Counts with `cacheWrite1h` set when some was written to the one-hour cache, and absent otherwise. */
export function withOneHour(c: TokenCounts, oneHour: number): TokenCounts {
  if (oneHour > 0) c.cacheWrite1h = oneHour;
  return c;
}

/**
 * One response logged more than once (streamed, split over lines, in two
 * files): each field at its largest value, the count the response ended with.
 */
export function largestCounts(a: TokenCounts, b: TokenCounts): TokenCounts {
  const max = (x: number | null, y: number | null) => (x === null ? y : y === null ? x : Math.max(x, y));
  return withOneHour(
    {
      input: Math.max(a.input, b.input),
      output: Math.max(a.output, b.output),
      cacheWrite: max(a.cacheWrite, b.cacheWrite),
      cacheRead: Math.max(a.cacheRead, b.cacheRead),
      reasoning: max(a.reasoning, b.reasoning),
    },
    Math.max(a.cacheWrite1h ?? 0, b.cacheWrite1h ?? 0),
  );
}

function addKnown(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : a + b;
}

/** Sums calls into per-(model, agent) groups in first-seen order, and the session's totals and models. */
export function summarise(calls: readonly CallUsage[]): { groups: UsageGroup[]; totals: TokenCounts | null; models: string[] } {
  const groups = new Map<string, UsageGroup>();
  let totals: TokenCounts | null = null;
  for (const c of calls) {
    const id = `${c.model}\u0000${c.agent}`;
    const g = groups.get(id);
    if (g) {
      g.turns++;
      g.counts = addCounts(g.counts, c.counts);
    } else groups.set(id, { model: c.model, agent: c.agent, turns: 1, counts: c.counts });
    totals = totals ? addCounts(totals, c.counts) : c.counts;
  }
  const models = [...new Set(calls.map((c) => c.model))];
  return { groups: [...groups.values()], totals, models };
}

/** Sums groups (or calls, as one-turn groups) per model, whatever the agent, in first-seen order. */
export function perModel(groups: readonly Pick<UsageGroup, 'model' | 'turns' | 'counts'>[]): ModelUsage[] {
  const byModel = new Map<string, ModelUsage>();
  for (const g of groups) {
    const m = byModel.get(g.model);
    if (m) {
      m.turns += g.turns;
      m.counts = addCounts(m.counts, g.counts);
    } else byModel.set(g.model, { model: g.model, turns: g.turns, counts: g.counts });
  }
  return [...byModel.values()];
}
