/**
 * An output's text as HTML with its entity occurrences wrapped at exactly
 * their characters. Marks are drawn in one pass over text and marks sorted
 * once, so the cost is linear in the text plus the marks. Entities do not
 * cross each other; should two ever do, the inner one is cut at the outer
 * one's end rather than producing tags that cross.
 */
import type { EntityStatus } from '../classifier/types';
import { escapeAttribute, escapeHtml } from './escapeHtml';
import type { Mark } from './reportModel';

/** One-letter class per verdict: the report's CSS colours them, its filter finds them. */
export const STATUS_CLASS: Record<EntityStatus, string> = {
  grounded: 'g',
  unverified: 'u',
  contradicted: 'c',
  misattributed: 'a',
  indeterminate: 'i',
};

/** `anchor(i)` is the element id of segment `i`, for marks that point into the context. */
export function markedText(text: string, marks: readonly Mark[], anchor: (segment: number) => string): string {
  const sorted = marks.filter((m) => m.start < m.end && m.start >= 0 && m.end <= text.length);
  sorted.sort((a, b) => a.start - b.start || b.end - a.end);
  let html = '';
  let at = 0;
  const open: Array<{ end: number; tag: string }> = [];
  const closeUpTo = (pos: number) => {
    while (open.length > 0 && open[open.length - 1].end <= pos) {
      const top = open.pop()!;
      html += escapeHtml(text.slice(at, top.end)) + `</${top.tag}>`;
      at = top.end;
    }
  };
  for (const m of sorted) {
    closeUpTo(m.start);
    html += escapeHtml(text.slice(at, m.start));
    at = m.start;
    const end = open.length > 0 ? Math.min(m.end, open[open.length - 1].end) : m.end;
    const tag = m.target !== undefined ? 'a' : 'mark';
    html += openTag(m, tag, anchor);
    open.push({ end, tag });
  }
  closeUpTo(text.length);
  return html + escapeHtml(text.slice(at));
}

function openTag(m: Mark, tag: string, anchor: (segment: number) => string): string {
  const cls = STATUS_CLASS[m.status];
  const title = escapeAttribute(m.note);
  // Findings are tab stops; grounded entities are many, so they stay out of the tab order.
  const focus = m.status === 'grounded' ? ' tabindex="-1"' : tag === 'mark' ? ' tabindex="0"' : '';
  const href = m.target !== undefined ? ` href="#${anchor(m.target)}"` : '';
  const raw = m.raw ? ` data-raw="${m.raw[0]},${m.raw[1]}"` : '';
  return `<${tag} class="m ${cls}"${href}${focus}${raw} title="${title}">`;
}
