/**
 * A session's usage as a table, the same in the status item's tooltip, the
 * conversation view and the HTML report: a row per model, then (when the
 * file holds sub-agents) a row per agent, then the total, every figure in
 * full. Cells are plain text; each view escapes them for its own markup.
 */
import type { TokenCounts } from '../usage/model';
import type { UsageRow, UsageSummary } from './summary';
import { promptTokens, wallTime } from './text';

export const USAGE_COLUMNS = ['turns', 'in', 'out', 'cached', 'cache write'] as const;

/** What "in" counts, said under every table. */
export const IN_MEANS = 'in is the whole prompt: new input, cache writes and cache reads (cached)';

export interface UsageTableRow {
  name: string;
  /** One per USAGE_COLUMNS. */
  cells: string[];
}

export interface UsageTable {
  /** `5 model turns · wall time 2m 38s` */
  headline: string;
  models: UsageTableRow[];
  /** Absent without sub-agents. */
  agents?: UsageTableRow[];
  total: UsageTableRow;
  /** Sub-agents the file holds only as mid-stream copies, which are not counted. */
  uncounted?: string;
}

export function usageTable(s: Extract<UsageSummary, { recorded: true }>): UsageTable {
  const table: UsageTable = {
    headline: [`${s.turns.toLocaleString('en-US')} model turn${s.turns === 1 ? '' : 's'}`, ...(s.wallMs !== undefined ? [`wall time ${wallTime(s.wallMs)}`] : [])].join(' · '),
    models: s.models.map(row),
    total: row({ name: 'total', turns: s.turns, counts: s.totals }),
  };
  if (s.agents) table.agents = s.agents.map(row);
  if (s.uncounted) table.uncounted = `not counted: ${s.uncounted.join(', ')}, logged here only as mid-stream copies (their own files hold the figures)`;
  return table;
}

function row(r: UsageRow): UsageTableRow {
  return { name: r.name, cells: [grouped(r.turns), ...figures(r.counts)] };
}

function figures(c: TokenCounts): string[] {
  return [grouped(promptTokens(c)), grouped(c.output), grouped(c.cacheRead), c.cacheWrite === null ? '-' : grouped(c.cacheWrite)];
}

function grouped(n: number): string {
  return n.toLocaleString('en-US');
}
