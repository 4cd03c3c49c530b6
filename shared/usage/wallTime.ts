/**
 * A session's wall time: from its earliest to its latest `timestamp`, as
 * JSON Lines logs (Claude Code, Codex) stamp every record. Earliest and
 * latest rather than first and last, so a resumed session that appends
 * older records still spans what it records.
 */
import { obj, str } from '../transcript/formats/shapes/jsonValues';

export interface WallTime {
  firstTimestamp: string;
  lastTimestamp: string;
  wallMs: number;
}

export function wallTimeOf(lines: readonly { value: unknown }[]): WallTime | undefined {
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

/** Every record's timestamp in milliseconds, in time order (records without one, or with one that is no date, left out). */
export function timestampsOf(lines: readonly { value: unknown }[]): number[] {
  const times: number[] = [];
  for (const line of lines) {
    const text = str(obj(line.value)?.timestamp);
    if (text === undefined) continue;
    const ms = Date.parse(text);
    if (!Number.isNaN(ms)) times.push(ms);
  }
  return times.sort((a, b) => a - b);
}

/** The gaps between consecutive times (sorted) of at most `idleGapMs`, summed: see SessionUsage.activeMs. */
export function activeTimeOf(sortedTimes: readonly number[], idleGapMs: number): number {
  let active = 0;
  for (let i = 1; i < sortedTimes.length; i++) {
    const gap = sortedTimes[i] - sortedTimes[i - 1];
    if (gap <= idleGapMs) active += gap;
  }
  return active;
}

/** Sorted time lists merged into one sorted list. */
export function mergeTimes(lists: readonly (readonly number[])[]): number[] {
  return lists.flat().sort((a, b) => a - b);
}
