/**
 * Where each model call's token counts go: beside the first output the call
 * wrote, so they read next to that turn's grounding lens. Logs put a call's
 * record either after its turn's items (Claude Code logs a response block by
 * block, the last line with the final counts; many Codex rollouts log
 * `token_count` after the turn's messages) or before them (other Codex
 * rollouts, some of CLI 0.36 to 0.64 among those read). After: a call's outputs are on
 * the lines after the previous call's record up to its own. Before: from its
 * record up to the next call's. A call that wrote no checked output (a tool
 * call alone) gets its lens on its record's line.
 */
import type { CodeLens } from 'vscode-languageserver/node';
import { tokenDetail, tokenLine } from '../../shared/usageView/text';
import type { CallCounts } from './fileUsage';

export interface UsageAnchor {
  call: CallCounts;
  /** Index in the outputs given, when the call wrote one. */
  output?: number;
}

/** `calls` in line order; `outputs` as the analysis lists them (file order). */
export function anchorCalls(outputs: readonly { line: number }[], calls: readonly CallCounts[], countsFirst = false): UsageAnchor[] {
  const order = outputs.map((_, i) => i).sort((a, b) => outputs[a].line - outputs[b].line);
  const anchors: UsageAnchor[] = [];
  let next = 0;
  calls.forEach((call, i) => {
    // The span's first line: after the previous call's record, or (counts first) after this one's.
    const after = countsFirst ? call.line : (calls[i - 1]?.line ?? -1);
    // Its last: this call's record, or (counts first) the line before the next call's.
    const last = countsFirst ? (calls[i + 1]?.line ?? Infinity) - 1 : call.line;
    while (next < order.length && outputs[order[next]].line <= after) next++;
    const first = order[next];
    anchors.push(first !== undefined && outputs[first].line <= last ? { call, output: first } : { call });
  });
  return anchors;
}

/**
 * Whether the file logs each call's counts before the turn's items: a Codex
 * rollout whose last output comes after its last `token_count` (a finished
 * turn's message is logged after its counts). Claude Code always logs the
 * counts with the response's own lines.
 */
export function countsComeFirst(format: string, outputs: readonly { line: number }[], calls: readonly CallCounts[]): boolean {
  return countsComeFirstAfter(format, format === 'codex' ? lastLineOf(outputs) : undefined, calls);
}

/** countsComeFirst, given the last line an output is on (undefined for none). */
export function countsComeFirstAfter(format: string, lastOutputLine: number | undefined, calls: readonly CallCounts[]): boolean {
  if (format !== 'codex' || calls.length === 0 || lastOutputLine === undefined) return false;
  return lastOutputLine > calls[calls.length - 1].line;
}

function lastLineOf(outputs: readonly { line: number }[]): number | undefined {
  let last: number | undefined;
  for (const o of outputs) if (last === undefined || o.line > last) last = o.line;
  return last;
}

/** The lens of one call at `at`: its counts in short, every figure in its tooltip. */
export function usageLens(call: CallCounts, at: CodeLens['range']['start']): CodeLens {
  const who = call.agent === 'main' ? call.model : `${call.model}, ${call.agent}`;
  return {
    range: { start: at, end: at },
    // No command: the lens is a label, and clicking it does nothing.
    command: { title: tokenLine(call.counts), command: '', tooltip: `${who}: ${tokenDetail(call.counts)} (usage on line ${call.line + 1})` },
  };
}
