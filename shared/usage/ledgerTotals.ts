/**
 * The total over several session files. A sub-agent's response can be logged
 * both in its session's file and in its own `agent-*.jsonl`, so calls with an
 * id (CallUsage.key) count once however many files hold them; and wall time
 * is the length of the union of the sessions' spans, so a sub-agent that ran
 * inside its session's span adds nothing while sessions on different days
 * add up.
 */
import { addCounts, largestCounts, perModel, withOneHour, zeroCounts, type CallUsage, type ModelUsage, type SessionUsage, type TokenCounts } from './model';

export interface LedgerTotals {
  sessions: number;
  turns: number;
  totals: TokenCounts | null;
  models: string[];
  wallMs: number;
  /** Calls that more than one file holds, counted once. */
  sharedCalls: number;
  /** The totals per model, in first-seen order. */
  byModel: ModelUsage[];
}

export function ledgerTotals(sessions: readonly SessionUsage[]): LedgerTotals {
  const keyed = new Map<string, CallUsage>();
  let shared = 0;
  let totals: TokenCounts | null = null;
  let turns = 0;
  const models = new Set<string>();
  const modelParts: ModelUsage[] = [];
  for (const s of sessions) {
    if (!s.totals) continue;
    for (const m of s.models) models.add(m);
    // What the session counts beyond its keyed calls (unkeyed calls, or Codex's counters) adds as it is.
    let rest: TokenCounts = s.totals;
    const restByModel = new Map((s.byModel ?? perModel(s.groups)).map((m) => [m.model, { ...m, turns: 0 }]));
    for (const c of s.calls) {
      if (c.key === undefined) {
        turns++;
        const m = restByModel.get(c.model);
        if (m) m.turns++;
        continue;
      }
      rest = minus(rest, c.counts);
      const m = restByModel.get(c.model);
      if (m) m.counts = minus(m.counts, c.counts);
      const earlier = keyed.get(c.key);
      if (earlier) {
        shared++;
        keyed.set(c.key, { ...earlier, counts: largestCounts(earlier.counts, c.counts) });
      } else {
        turns++;
        keyed.set(c.key, c);
      }
    }
    totals = totals ? addCounts(totals, rest) : rest;
    modelParts.push(...restByModel.values());
  }
  for (const c of keyed.values()) {
    totals = totals ? addCounts(totals, c.counts) : addCounts(zeroCounts(), c.counts);
    modelParts.push({ model: c.model, turns: 1, counts: c.counts });
  }
  const byModel = perModel(modelParts).filter((m) => m.turns > 0);
  return { sessions: sessions.length, turns, totals, models: [...models], wallMs: unionLength(sessions), sharedCalls: shared, byModel };
}

function minus(a: TokenCounts, b: TokenCounts): TokenCounts {
  return withOneHour(
    {
      input: a.input - b.input,
      output: a.output - b.output,
      cacheWrite: a.cacheWrite === null || b.cacheWrite === null ? a.cacheWrite : a.cacheWrite - b.cacheWrite,
      cacheRead: a.cacheRead - b.cacheRead,
      reasoning: a.reasoning === null || b.reasoning === null ? a.reasoning : a.reasoning - b.reasoning,
    },
    (a.cacheWrite1h ?? 0) - (b.cacheWrite1h ?? 0),
  );
}

function unionLength(sessions: readonly SessionUsage[]): number {
  const spans = sessions
    .filter((s) => s.firstTimestamp !== undefined && s.lastTimestamp !== undefined)
    .map((s) => [Date.parse(s.firstTimestamp!), Date.parse(s.lastTimestamp!)] as const)
    .sort((a, b) => a[0] - b[0]);
  let length = 0;
  let end = -Infinity;
  for (const [from, to] of spans) {
    if (to <= end) continue;
    length += to - Math.max(from, end);
    end = to;
  }
  return length;
}
