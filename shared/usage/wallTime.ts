/**
 * A session's wall time: from its earliest to its latest `timestamp`, as
 * JSON Lines logs (Claude Code, Codex) stamp every record. Earliest and
 * latest rather than first and last, so a resumed session that appends
 * older records still spans what it records (RunningUsage keeps both as
 * lines are read). Active time sums the short gaps between records in time
 * order.
 */

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
