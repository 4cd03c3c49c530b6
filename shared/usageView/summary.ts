/**
 * A session's token usage as the editor and the HTML report show it: the
 * totals, a row per model and per sub-agent, and the wall time, without the
 * per-call list (a long session has thousands of calls; the views need its
 * sums), and with a price table the API-equivalent cost of each row and of
 * the whole, as `groundcheck usage` prices them. Plain data, so it crosses
 * from the worker to the editor as is.
 */
import { addCounts, type SessionUsage, type TokenCounts, type UsageGroup } from '../usage/model';
import { costOfCounts, costOfModels, sumCosts, type Cost, type PriceTable } from '../usage/prices';

export interface UsageRow {
  /** The model's name, or the agent's (`main`, `sub-agent a7…`). */
  name: string;
  turns: number;
  counts: TokenCounts;
  /** At the summary's price table; absent when it was made without one. */
  cost?: Cost;
}

export type UsageSummary =
  | {
      recorded: true;
      format: string;
      turns: number;
      totals: TokenCounts;
      models: UsageRow[];
      /** Present when a sub-agent's calls are in the file: the main conversation first, then each sub-agent. */
      agents?: UsageRow[];
      /** Milliseconds from the earliest to the latest timestamp, when the log stamps its records. */
      wallMs?: number;
      /** Sub-agents the log holds only as mid-stream copies, which are not counted (their own files hold the figures). */
      uncounted?: string[];
      /** The whole session's API-equivalent cost, when priced. */
      cost?: Cost;
      /** The date of the shipped price table the cost was taken at (absent for a table of the user's own). */
      pricedAt?: string;
    }
  | {
      recorded: false;
      format: string;
      /** Why there are no figures ("no usage recorded in this format"). */
      note: string;
    };

export function usageSummary(s: SessionUsage, prices?: PriceTable): UsageSummary {
  if (!s.recorded || !s.totals) return { recorded: false, format: s.format, note: s.note ?? 'no usage recorded in this file' };
  const byModel = new Map<string, UsageRow>();
  const byAgent = new Map<string, UsageRow>();
  for (const g of s.groups) {
    add(byModel, g.model, g.turns, g.counts);
    add(byAgent, g.agent, g.turns, g.counts);
  }
  const hasSubAgents = [...byAgent.keys()].some((a) => a !== 'main');
  // The ledger's own rows per model where it gives them (a Codex session's counters, not the sum of its turns).
  const models = s.byModel ? s.byModel.map((m) => ({ name: m.model, turns: m.turns, counts: m.counts })) : [...byModel.values()];
  const summary: UsageSummary = { recorded: true, format: s.format, turns: s.turns, totals: s.totals, models };
  if (hasSubAgents) summary.agents = [...byAgent.values()].sort((a, b) => Number(b.name === 'main') - Number(a.name === 'main'));
  if (s.wallMs !== undefined) summary.wallMs = s.wallMs;
  if (s.progressOnlyAgents) summary.uncounted = s.progressOnlyAgents;
  if (prices) priceSummary(summary, s.groups, prices);
  return summary;
}

/** Each model's and agent's cost, and the session's (the sum of its models', as `groundcheck usage` gives it). */
function priceSummary(summary: Extract<UsageSummary, { recorded: true }>, groups: readonly UsageGroup[], prices: PriceTable): void {
  for (const m of summary.models) m.cost = costOfCounts(prices, m.name, m.counts);
  for (const a of summary.agents ?? []) a.cost = sumCosts(groups.filter((g) => g.agent === a.name).map((g) => costOfCounts(prices, g.model, g.counts)));
  summary.cost = costOfModels(
    prices,
    summary.models.map((m) => ({ model: m.name, counts: m.counts })),
  );
  if (prices.date !== undefined) summary.pricedAt = prices.date;
}

function add(rows: Map<string, UsageRow>, name: string, turns: number, counts: TokenCounts): void {
  const row = rows.get(name);
  if (row) {
    row.turns += turns;
    row.counts = addCounts(row.counts, counts);
  } else rows.set(name, { name, turns, counts });
}
