/**
 * A session's usage as a table, the same in the status item's tooltip, the
 * conversation view and the HTML report: a row per model, then (when the
 * file holds sub-agents) a row per agent, then the total, every figure in
 * full, and the API-equivalent cost when the summary was priced (`unknown`
 * where a model has no price, with why under the table). Cells are plain
 * text; each view escapes them for its own markup.
 */
import type { TokenCounts } from '../usage/model';
import type { Cost } from '../usage/prices';
import type { UsageRow, UsageSummary } from './summary';
import { dollars, promptTokens, wallTime } from './text';

export const USAGE_COLUMNS = ['turns', 'in', 'out', 'cached', 'cache write'] as const;

/** What "in" counts, said under every table. */
export const IN_MEANS = 'in is the whole prompt: new input, cache writes and cache reads (cached)';

export interface UsageTableRow {
  name: string;
  /** One per USAGE_COLUMNS. */
  cells: string[];
}

export interface UsageTable {
  /** USAGE_COLUMNS, and `cost` when the summary was priced. */
  columns: string[];
  /** `5 model turns · wall time 2m 38s · $0.2837` */
  headline: string;
  models: UsageTableRow[];
  /** Absent without sub-agents. */
  agents?: UsageTableRow[];
  total: UsageTableRow;
  /** Sub-agents the file holds only as mid-stream copies, which are not counted. */
  uncounted?: string;
  /** What the cost is and at which prices; why it is unknown, when it is. Absent when not priced. */
  costNotes?: string[];
}

export function usageTable(s: Extract<UsageSummary, { recorded: true }>): UsageTable {
  const priced = s.cost !== undefined;
  const row = (r: UsageRow): UsageTableRow => ({ name: r.name, cells: [grouped(r.turns), ...figures(r.counts), ...(priced ? [costCell(r.cost)] : [])] });
  const headline = [
    `${s.turns.toLocaleString('en-US')} model turn${s.turns === 1 ? '' : 's'}`,
    ...(s.wallMs !== undefined ? [`wall time ${wallTime(s.wallMs)}`] : []),
    ...(s.cost ? [costCell(s.cost) === 'unknown' ? 'cost unknown' : costCell(s.cost)] : []),
  ];
  const table: UsageTable = {
    columns: [...USAGE_COLUMNS, ...(priced ? ['cost'] : [])],
    headline: headline.join(' · '),
    models: s.models.map(row),
    total: row({ name: 'total', turns: s.turns, counts: s.totals, ...(s.cost ? { cost: s.cost } : {}) }),
  };
  if (s.agents) table.agents = s.agents.map(row);
  if (s.uncounted) table.uncounted = `not counted: ${s.uncounted.join(', ')}, logged here only as mid-stream copies (their own files hold the figures)`;
  if (s.cost) {
    table.costNotes = [`cost: API-equivalent, at ${s.pricedAt !== undefined ? `groundcheck's price table of ${s.pricedAt}` : 'the configured prices'}`];
    if (s.cost.usd === null)
      table.costNotes.push(`cost unknown: ${(s.cost.unknown ?? []).join(', ')}${s.cost.pricedUsd ? `; the rest comes to ${dollars(s.cost.pricedUsd)}` : ''}`);
  }
  return table;
}

function costCell(c: Cost | undefined): string {
  if (!c) return '-';
  return c.usd === null ? 'unknown' : dollars(c.usd);
}

function figures(c: TokenCounts): string[] {
  return [grouped(promptTokens(c)), grouped(c.output), grouped(c.cacheRead), c.cacheWrite === null ? '-' : grouped(c.cacheWrite)];
}

function grouped(n: number): string {
  return n.toLocaleString('en-US');
}
