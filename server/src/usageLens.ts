/**
 * Where each model call's token counts go: beside the first output the call
 * wrote, so they read next to that turn's grounding lens. A call's outputs
 * are those on the lines after the previous call's record up to its own
 * record (the record that carries its final counts comes last: Claude Code
 * logs a response block by block, Codex logs `token_count` after the turn's
 * messages). A call that wrote no checked output (a tool call alone) gets
 * its lens on its record's line.
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
export function anchorCalls(outputs: readonly { line: number }[], calls: readonly CallCounts[]): UsageAnchor[] {
  const order = outputs.map((_, i) => i).sort((a, b) => outputs[a].line - outputs[b].line);
  const anchors: UsageAnchor[] = [];
  let next = 0;
  for (const call of calls) {
    // Outputs before this call's span belong to earlier calls (or to none).
    while (next < order.length && outputs[order[next]].line <= (anchors.at(-1)?.call.line ?? -1)) next++;
    const first = order[next];
    anchors.push(first !== undefined && outputs[first].line <= call.line ? { call, output: first } : { call });
  }
  return anchors;
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
