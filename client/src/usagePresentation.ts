/**
 * What the usage status item says of a file, as plain data so it can be
 * tested without VS Code: the session's totals in short, and in its tooltip
 * (Markdown) a row per model and per sub-agent with every figure, and the
 * wall time. Nothing for a file whose log records no usage.
 */
import type { FileStatus } from '../../shared/protocol/messages';
import { IN_MEANS, USAGE_COLUMNS, usageTable, type UsageTableRow } from '../../shared/usageView/table';
import { tokenLine } from '../../shared/usageView/text';

export interface UsagePresentation {
  text: string;
  /** Markdown. */
  tooltip: string;
}

export function presentUsage(status: FileStatus | undefined): UsagePresentation | undefined {
  const usage = status?.state === 'checked' ? status.usage : undefined;
  if (!usage?.recorded) return undefined;
  const table = usageTable(usage);
  const lines = [`**Tokens this session** · ${table.headline}`, '', markdownTable(table.models, table.total, table.agents)];
  lines.push('', `_${IN_MEANS}._`);
  if (table.uncounted) lines.push('', `_${escapeMarkdown(table.uncounted)}._`);
  return { text: `$(dashboard) ${tokenLine(usage.totals)}`, tooltip: lines.join('\n') };
}

/**
 * One table, so the columns of the agents' rows line up with the models'
 * (two tables in a hover are each sized to their own content).
 */
function markdownTable(models: UsageTableRow[], total: UsageTableRow, agents: UsageTableRow[] | undefined): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const out = [line(['model', ...USAGE_COLUMNS]), line(['---', ...USAGE_COLUMNS.map(() => '---:')])];
  for (const r of models) out.push(line([escapeMarkdown(r.name), ...r.cells]));
  if (models.length > 1) out.push(line([`**${total.name}**`, ...total.cells.map((c) => `**${c}**`)]));
  if (agents) {
    out.push(line(['**agent**', ...USAGE_COLUMNS.map(() => ' ')]));
    for (const r of agents) out.push(line([escapeMarkdown(r.name), ...r.cells]));
  }
  return out.join('\n');
}

/** Model and agent names come from the file: nothing in them may read as Markdown or break a table. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ');
}
