/**
 * The token usage block at the head of a file in the HTML report and the
 * conversation view: the session's totals in short, a table per model and,
 * when the file holds sub-agents, per agent, with the wall time and, when
 * priced, the API-equivalent cost and the prices it was taken at; or, for a
 * file whose log records no usage, the sentence saying so (never an
 * estimate).
 */
import type { UsageSummary } from '../usageView/summary';
import { IN_MEANS, usageTable, type UsageTableRow } from '../usageView/table';
import { tokenLine } from '../usageView/text';
import { escapeHtml } from './escapeHtml';

export function renderUsage(usage: UsageSummary): string {
  if (!usage.recorded) return `<p class="meta usage">Tokens: ${escapeHtml(usage.note)}</p>`;
  const table = usageTable(usage);
  const parts = [
    `<section class="usage" aria-label="Token usage"><p class="meta"><b>Tokens</b> ${escapeHtml(tokenLine(usage.totals))} · ${escapeHtml(table.headline)}</p>`,
    tableHtml('By model', 'model', table.columns, table.models, table.total),
  ];
  if (table.agents) parts.push(tableHtml('By agent', 'agent', table.columns, table.agents));
  parts.push(`<p class="meta"><small>${escapeHtml(IN_MEANS)}.</small></p>`);
  for (const note of table.costNotes ?? []) parts.push(`<p class="meta"><small>${escapeHtml(note)}.</small></p>`);
  if (table.uncounted) parts.push(`<p class="gap">${escapeHtml(table.uncounted)}</p>`);
  return `${parts.join('')}</section>`;
}

function tableHtml(caption: string, first: string, columns: readonly string[], rows: UsageTableRow[], total?: UsageTableRow): string {
  let html = `<table><caption>${caption}</caption><tr><th scope="col">${first}</th>${columns.map((c) => `<th scope="col">${c}</th>`).join('')}</tr>`;
  for (const r of rows) html += rowHtml(r);
  if (total && rows.length > 1) html += rowHtml(total, true);
  return `${html}</table>`;
}

function rowHtml(r: UsageTableRow, bold = false): string {
  const cell = (c: string) => (bold ? `<b>${escapeHtml(c)}</b>` : escapeHtml(c));
  return `<tr><th scope="row">${cell(r.name)}</th>${r.cells.map((c) => `<td>${cell(c)}</td>`).join('')}</tr>`;
}
