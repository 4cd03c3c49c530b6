/**
 * A Claude Code session's usage with its sub-agents' own files summed in.
 * A response both files log (older logs inline a sub-agent's lines as
 * `isSidechain`) counts once, at each field's largest value, as within one
 * file. Wall time runs from the earliest to the latest record of any of the
 * files; active time is taken over all their records in time order, so
 * sub-agents working alongside the session add no time twice.
 */
import { IDLE_GAP_MS, largestCounts, perModel, summarise, type CallUsage, type SessionUsage, type SubAgentUsage, type TokenCounts } from './model';
import { activeTimeOf, mergeTimes } from './wallTime';

export interface TimedUsage {
  usage: SessionUsage;
  /** Every record's timestamp in ms, sorted (see readUsageAndTimes). */
  times: number[];
}

export function withSubAgents(session: TimedUsage, agents: readonly (TimedUsage & { file: string })[]): SessionUsage {
  if (agents.length === 0) return session.usage;
  const parent = session.usage;
  const calls: CallUsage[] = [];
  const byKey = new Map<string, number>();
  for (const c of [...parent.calls, ...agents.flatMap((a) => a.usage.calls)]) {
    const at = c.key === undefined ? undefined : byKey.get(c.key);
    if (at === undefined) {
      if (c.key !== undefined) byKey.set(c.key, calls.length);
      calls.push(c);
    } else calls[at] = { ...calls[at], counts: largestCounts(calls[at].counts, c.counts) };
  }
  const { groups, totals, models } = summarise(calls);
  const times = mergeTimes([session.times, ...agents.map((a) => a.times)]);
  const spans = [parent, ...agents.map((a) => a.usage)].filter((u) => u.firstTimestamp !== undefined && u.lastTimestamp !== undefined);
  const first = spans.reduce<SessionUsage | undefined>(
    (best, u) => (!best || Date.parse(u.firstTimestamp!) < Date.parse(best.firstTimestamp!) ? u : best),
    undefined,
  );
  const last = spans.reduce<SessionUsage | undefined>(
    (best, u) => (!best || Date.parse(u.lastTimestamp!) > Date.parse(best.lastTimestamp!) ? u : best),
    undefined,
  );
  const merged: SessionUsage = {
    ...parent,
    recorded: parent.recorded || agents.some((a) => a.usage.recorded),
    turns: calls.length,
    totals,
    models,
    groups,
    calls,
    byModel: perModel(groups),
    errors: parent.errors,
    subAgents: agents.map(subAgentOf),
  };
  if (calls.length > 0) delete merged.note;
  if (first && last) {
    merged.firstTimestamp = first.firstTimestamp;
    merged.lastTimestamp = last.lastTimestamp;
    merged.wallMs = Date.parse(last.lastTimestamp!) - Date.parse(first.firstTimestamp!);
    merged.activeMs = activeTimeOf(times, IDLE_GAP_MS);
  }
  return merged;
}

function subAgentOf(a: TimedUsage & { file: string }): SubAgentUsage {
  const u = a.usage;
  const agent = u.groups.find((g) => g.agent !== 'main')?.agent ?? u.groups[0]?.agent ?? 'sub-agent';
  return {
    agent,
    file: a.file,
    turns: u.turns,
    totals: u.totals,
    models: u.models,
    byModel: u.byModel ?? perModel(u.groups),
    ...(u.firstTimestamp !== undefined ? { firstTimestamp: u.firstTimestamp } : {}),
    ...(u.lastTimestamp !== undefined ? { lastTimestamp: u.lastTimestamp } : {}),
    ...(u.wallMs !== undefined ? { wallMs: u.wallMs } : {}),
    ...(u.activeMs !== undefined ? { activeMs: u.activeMs } : {}),
  };
}
