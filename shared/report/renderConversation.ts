/**
 * One file of the HTML report: its conversation as a list of turns in file
 * order. User and assistant text is shown open; tool calls, tool results,
 * system prompts, documents and reasoning fold into a `<details>` whose
 * summary line names them. A tool call's input fields (one segment each)
 * read as one block. Outputs carry their verdict and marks; a turn with a
 * finding gets the class the "only turns with findings" filter keeps, and
 * opens when folded. A turn that took the session past a budget is listed
 * under the usage, linked, and marked where it is, as a finding.
 */
import { isFinding } from '../classifier/findingStatus';
import type { Role } from '../transcript/model';
import { escapeHtml } from './escapeHtml';
import { markedText } from './markedText';
import type { BudgetMark, FileView, OutputVerdict, ReportSegment } from './reportModel';
import { counted } from '../text/counted';
import { renderUsage } from './renderUsage';

/** Roles read as the conversation itself; everything else folds. */
const OPEN_ROLES: ReadonlySet<Role> = new Set<Role>(['user', 'assistant']);
/** Context text beyond this many characters is left out: a report is read, and a base64 screenshot is not. */
export const CONTEXT_TEXT_LIMIT = 4_000;
const SUMMARY_CHARS = 100;

export function renderConversation(view: FileView, index: number, contextLimit = CONTEXT_TEXT_LIMIT): string {
  const { head, turns, tail } = conversationParts(view, index, contextLimit);
  return head + turns.join('') + tail;
}

/**
 * The same page in parts: everything before the first turn, each turn (a
 * tool call's fields together), and what closes the list, for views that
 * draw a long conversation a piece at a time.
 */
export function conversationParts(
  view: FileView,
  index: number,
  contextLimit = CONTEXT_TEXT_LIMIT,
): {
  head: string;
  turns: string[];
  tail: string;
  /** Where each turn starts in the raw file, as its `data-raw` says (-1: a tool call's block, which has none). */
  starts: number[];
  /** Marked occurrences that are findings. */
  findings: number;
} {
  const prefix = `f${index}s`;
  const anchor = (segment: number) => prefix + segment;
  const verdicts = new Map<number, OutputVerdict>();
  for (const o of view.outputs) verdicts.set(o.segment, o);
  const parts: string[] = [];
  const findingCount = view.outputs.reduce((n, o) => n + o.marks.filter((m) => isFinding(m.status)).length, 0);
  parts.push(
    `<article class="file" aria-labelledby="f${index}"><h2 id="f${index}">${escapeHtml(view.file)}</h2>`,
    `<p class="meta">${escapeHtml(fileMeta(view, findingCount))}</p>`,
  );
  if (view.usage) parts.push(renderUsage(view.usage));
  const budgets = new Map<number, BudgetMark[]>();
  if (view.budget) {
    parts.push('<ul class="bud" aria-label="Budgets crossed">');
    for (const b of view.budget) {
      const at = b.segment === undefined ? `line ${b.line}` : `<a href="#${anchor(b.segment)}">line ${b.line}</a>`;
      parts.push(`<li class="${budgetClass(b)}">${at}: ${budgetWord(b)}: ${escapeHtml(b.message)} <code>${escapeHtml(b.rule)}</code></li>`);
      if (b.segment !== undefined) budgets.set(b.segment, [...(budgets.get(b.segment) ?? []), b]);
    }
    parts.push('</ul>');
  }
  for (const g of view.gaps) parts.push(`<p class="gap">Context incomplete for every output: ${escapeHtml(g)}</p>`);
  if (view.problems.length > 0) {
    parts.push('<ul class="pr">');
    for (const p of view.problems) parts.push(`<li>${escapeHtml(p)}</li>`);
    parts.push('</ul>');
  }
  // A list by role, not <ol>/<li>: Chromium renumbers list items one by one, so hiding
  // thousands of them with the findings filter took it half a minute on a 20 MB session.
  if (view.segments.length > 0) parts.push('<div class="conv" role="list">');
  const turns: string[] = [];
  const starts: number[] = [];
  const segs = view.segments;
  for (let i = 0; i < segs.length; ) {
    const s = segs[i];
    if (s.role === 'tool_call' && !verdicts.has(i) && !budgets.has(i)) {
      let j = i + 1;
      while (j < segs.length && sameCall(s, segs[j]) && !verdicts.has(j) && !budgets.has(j)) j++;
      turns.push(toolCall(segs, i, j, anchor, contextLimit));
      starts.push(-1);
      i = j;
      continue;
    }
    turns.push(turn(s, i, verdicts.get(i), anchor, contextLimit, budgets.get(i)));
    starts.push(s.raw ? s.raw[0] : -1);
    i++;
  }
  return { head: parts.join(''), turns, tail: `${view.segments.length > 0 ? '</div>' : ''}</article>`, starts, findings: findingCount };
}

/** Hard limits are warnings, soft ones and unpriced turns information, as in the text report. */
function budgetClass(b: BudgetMark): string {
  return b.severity === 'warning' ? 'bw' : 'bi';
}

function budgetWord(b: BudgetMark): string {
  return b.severity === 'warning' ? 'warning budget' : 'info budget';
}

function fileMeta(view: FileView, findings: number): string {
  const bits = [view.format ?? 'not checked', counted(view.segments.length, 'segment'), counted(view.outputs.length, 'output'), counted(findings, 'finding')];
  return bits.join(' · ');
}

function sameCall(first: ReportSegment, next: ReportSegment): boolean {
  if (next.role !== 'tool_call' || next.tool !== first.tool) return false;
  return first.callId !== undefined ? next.callId === first.callId : next.field !== first.field;
}

function turn(
  s: ReportSegment,
  i: number,
  verdict: OutputVerdict | undefined,
  anchor: (n: number) => string,
  limit: number,
  budgets: readonly BudgetMark[] = [],
): string {
  const findings = (verdict ? verdict.marks.some((m) => isFinding(m.status)) : false) || budgets.length > 0;
  const cls = `t r-${s.role}${verdict ? ' o' : ''}${findings ? ' f' : ''}${isBranch(s) ? ' br' : ''}`;
  const head =
    heading(s, verdict) + budgets.map((b) => ` <strong class="${budgetClass(b)}" title="${escapeHtml(b.message)}">${escapeHtml(b.rule)}</strong>`).join('');
  const body = verdict
    ? `<p class="ex">${escapeHtml(verdict.explanation)}${verdict.gaps.map((g) => `<br>Context incomplete: ${escapeHtml(g)}`).join('')}</p><pre>${markedText(s.text, verdict.marks, anchor)}</pre>`
    : `<pre>${clipped(s.text, limit)}</pre>`;
  // A short one-line text is its own summary: folding it would only print it twice.
  if (OPEN_ROLES.has(s.role) || verdict || isShortLine(s.text)) {
    return `<div role="listitem" class="${cls}" id="${anchor(i)}"${rawAttribute(s)}><p class="h">${head}</p>${body}</div>`;
  }
  // The anchor sits inside the fold, so following a link to it opens the fold.
  return `<div role="listitem" class="${cls}"${rawAttribute(s)}><details${findings ? ' open' : ''}><summary>${head}<q>${escapeHtml(firstLine(s.text))}</q></summary><div id="${anchor(i)}">${body}</div></details></div>`;
}

function toolCall(segs: readonly ReportSegment[], from: number, to: number, anchor: (n: number) => string, limit: number): string {
  const s = segs[from];
  const fields: string[] = [];
  let preview = '';
  for (let k = from; k < to; k++) {
    const f = segs[k];
    const name = f.field ? `<code>${escapeHtml(f.field)}</code>` : '';
    fields.push(`<div id="${anchor(k)}">${name}<pre>${clipped(f.text, limit)}</pre></div>`);
    if (preview.length < SUMMARY_CHARS) preview += `${preview ? ' · ' : ''}${f.field ? `${f.field}: ` : ''}${firstLine(f.text)}`;
  }
  const cls = `t r-tool_call${isBranch(s) ? ' br' : ''}`;
  // The call's label without the first field's name ("tool call (Grep) pattern" → "tool call (Grep)").
  const label = s.field && s.label?.endsWith(` ${s.field}`) ? s.label.slice(0, -(s.field.length + 1)) : s.label;
  const head = heading({ ...s, label }, undefined);
  return `<div role="listitem" class="${cls}"><details><summary>${head}<q>${escapeHtml(shorten(preview))}</q></summary>${fields.join('')}</details></div>`;
}

function heading(s: ReportSegment, verdict: OutputVerdict | undefined): string {
  const role = roleName(s.role);
  // "tool result (Bash)" already says it is a tool result; "injected text" does not say it is the user's.
  let h = s.label?.includes(role) ? `<b>${escapeHtml(s.label)}</b>` : `<b>${escapeHtml(role)}</b>${s.label ? ` ${escapeHtml(s.label)}` : ''}`;
  if (s.tool && !s.label?.includes(`(${s.tool})`)) h += ` <code>${escapeHtml(s.tool)}</code>`;
  if (s.failed) h += ' <strong class="fail">failed</strong>';
  h += ` <small>${escapeHtml(s.source ? `${s.source}:${s.line}` : `line ${s.line}`)}</small>`;
  if (verdict) h += ` <strong class="lv ${verdict.level}">${verdict.level}</strong> <small>score ${verdict.score.toFixed(2)}</small>`;
  return h;
}

function roleName(role: Role): string {
  return role.replace('_', ' ');
}

/** Sub-agent turns and replies on rewound branches, as the transcript model labels them. */
function isBranch(s: ReportSegment): boolean {
  return s.label !== undefined && (s.label.startsWith('sub-agent') || s.label.endsWith('(rewound branch)'));
}

function clipped(text: string, limit: number): string {
  if (text.length <= limit) return escapeHtml(text);
  // Never cut a surrogate pair in half.
  let end = limit;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${escapeHtml(text.slice(0, end))}<span class="cut">… ${counted(text.length - end, 'more character')} not shown</span>`;
}

function isShortLine(text: string): boolean {
  return text.length <= SUMMARY_CHARS && !text.includes('\n');
}

function firstLine(text: string): string {
  const trimmed = text.trimStart();
  const nl = trimmed.indexOf('\n');
  return shorten(nl === -1 ? trimmed.slice(0, SUMMARY_CHARS + 1) : trimmed.slice(0, Math.min(nl, SUMMARY_CHARS + 1)));
}

function shorten(text: string): string {
  return text.length <= SUMMARY_CHARS ? text : `${text.slice(0, SUMMARY_CHARS - 1)}…`;
}

/** Where a turn lies in the raw file, for a view that follows the raw file's cursor. */
function rawAttribute(s: ReportSegment): string {
  return s.raw ? ` data-raw="${s.raw[0]},${s.raw[1]}"` : '';
}
