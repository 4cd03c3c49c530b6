/**
 * What the usage status item says of a file, as plain data so it can be
 * tested without VS Code: the session's totals in short, and in its tooltip
 * (Markdown) a row per model and per sub-agent with every figure, and the
 * wall time; the API-equivalent cost beside the totals when every model is
 * priced, and in the tooltip per row, with why where it is unknown. Nothing
 * for a file whose log records no usage.
 */
import type { FileStatus } from '../../shared/protocol/messages';
import { IN_MEANS, usageTable, type UsageTableRow } from '../../shared/usageView/table';
import { dollars, tokenLine } from '../../shared/usageView/text';

export interface UsagePresentation {
  text: string;
  /** Markdown. */
  tooltip: string;
}

export function presentUsage(status: FileStatus | undefined): UsagePresentation | undefined {
  const usage = status?.state === 'checked' ? status.usage : undefined;
  if (!usage?.recorded) return undefined;
  const table = usageTable(usage);
  const lines = [`**Tokens this session** · ${table.headline}`, '', markdownTable(table.columns, table.models, table.total, table.agents)];
  lines.push('', `_${IN_MEANS}._`);
  for (const note of table.costNotes ?? []) lines.push('', `_${escapeMarkdown(note)}._`);
  if (table.uncounted) lines.push('', `_${escapeMarkdown(table.uncounted)}._`);
  const cost = usage.cost?.usd != null ? ` · ${dollars(usage.cost.usd)}` : '';
  return { text: `$(dashboard) ${tokenLine(usage.totals)}${cost}`, tooltip: lines.join('\n') };
}

/**
 * One table, so the columns of the agents' rows line up with the models'
 * (two tables in a hover are each sized to their own content).
 */
function markdownTable(columns: readonly string[], models: UsageTableRow[], total: UsageTableRow, agents: UsageTableRow[] | undefined): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const out = [line(['model', ...columns]), line(['---', ...columns.map(() => '---:')])];
  for (const r of models) out.push(line([escapeMarkdown(r.name), ...r.cells]));
  if (models.length > 1) out.push(line([`**${total.name}**`, ...total.cells.map((c) => `**${c}**`)]));
  if (agents) {
    out.push(line(['**agent**', ...columns.map(() => ' ')]));
    for (const r of agents) out.push(line([escapeMarkdown(r.name), ...r.cells]));
  }
  return out.join('\n');
}

/** Model and agent names come from the file: nothing in them may read as Markdown or break a table. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ');
}
