/**
 * A session's wall time: from its earliest to its latest `timestamp`, as
 * JSON Lines logs (Claude Code, Codex) stamp every record. Earliest and
 * latest rather than first and last, so a resumed session that appends
 * older records still spans what it records.
 */
import type { JsonLine } from '../transcript/json/jsonLines';
import { obj, str } from '../transcript/formats/shapes/jsonValues';

export interface WallTime {
  firstTimestamp: string;
  lastTimestamp: string;
  wallMs: number;
}

export function wallTimeOf(lines: readonly JsonLine[]): WallTime | undefined {
  let first: { ms: number; text: string } | undefined;
  let last: { ms: number; text: string } | undefined;
  for (const line of lines) {
    const text = str(obj(line.value)?.timestamp);
    if (text === undefined) continue;
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) continue;
    if (!first || ms < first.ms) first = { ms, text };
    if (!last || ms > last.ms) last = { ms, text };
  }
  if (!first || !last) return undefined;
  return { firstTimestamp: first.text, lastTimestamp: last.text, wallMs: last.ms - first.ms };
}
