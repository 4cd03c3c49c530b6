/**
 * The HTML conversation report as one self-contained page: a strict content
 * security policy (no network, no script; the one stylesheet allowed by its
 * hash), the run's summary, the two toggles, then each file's conversation
 * as `renderConversation` drew it. Files are rendered one by one as they are
 * checked and joined here, so the page costs one pass over the text.
 */
import { createHash } from 'node:crypto';
import { ENTITY_TYPES, LEVELS, type EntityStatus } from '../classifier/types';
import { escapeHtml } from './escapeHtml';
import { STATUS_CLASS } from './markedText';
import type { ReportSummary } from './reportModel';
import { REPORT_CSS } from './reportStyle';
import { counted } from '../text/counted';

const STATUSES: readonly EntityStatus[] = ['grounded', 'unverified', 'contradicted', 'misattributed', 'indeterminate'];
const CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(REPORT_CSS).digest('base64')}'; base-uri 'none'; form-action 'none'`;

export function renderReport(summary: ReportSummary, files: readonly string[], title = 'groundcheck report'): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>` +
    `<style>${REPORT_CSS}</style></head><body><header><h1>${escapeHtml(title)}</h1>${summaryHtml(summary)}</header>` +
    `<div class="bar" role="group" aria-label="Display"><label><input type="checkbox" id="sg"> show grounded entities</label>` +
    `<label><input type="checkbox" id="of"> only turns with findings</label>${legend()}</div>` +
    `<main>${files.join('')}</main></body></html>\n`
  );
}

export function summaryHtml(s: ReportSummary): string {
  const flagged = s.levels.PARTIAL + s.levels.UNGROUNDED;
  let html = `<p id="sum">${counted(s.outputs, 'output')} in ${counted(s.checkedFiles, 'file')} checked (${counted(s.files, 'file')} given). `;
  html += `Hallucination rate: <b id="rate">${(s.hallucinationRate * 100).toFixed(1)}%</b> (${flagged} of ${counted(s.outputs, 'output')} PARTIAL or UNGROUNDED).</p>`;
  html += '<table id="levels"><caption>Outputs by level</caption><tr><th scope="col">level</th><th scope="col">outputs</th></tr>';
  for (const l of LEVELS) html += `<tr><th scope="row">${l}</th><td>${s.levels[l]}</td></tr>`;
  html += '</table><table id="types"><caption>Entities by type and verdict</caption><tr><th scope="col">entity type</th><th scope="col">checked</th>';
  for (const st of STATUSES) html += `<th scope="col">${st}</th>`;
  html += '</tr>';
  for (const type of ENTITY_TYPES) {
    const t = s.types[type];
    if (t.entities === 0) continue;
    html += `<tr><th scope="row">${type}</th><td>${t.entities}</td>`;
    for (const st of STATUSES) html += `<td>${t[st]}</td>`;
    html += '</tr>';
  }
  return html + '</table>';
}

function legend(): string {
  let html = '<span class="key" role="group" aria-label="Colours of the verdicts">';
  for (const st of STATUSES) html += `<span class="m ${STATUS_CLASS[st]}">${st}</span>`;
  return html + '</span>';
}
