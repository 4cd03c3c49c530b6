/**
 * The answers a reviewer reads: in each exchange, the last output before the
 * user speaks again (or the file ends). Plants go there, so they stand for
 * a wrong claim in a summary rather than in thinking aloud between tool calls.
 */
import type { Transcript } from '../../shared/transcript/model';

/** Segment ids of the last output of each exchange, in file order. */
export function finalAnswers(transcript: Transcript): number[] {
  const out: number[] = [];
  let last = -1;
  for (const s of transcript.segments) {
    if (s.role === 'user' && last !== -1) {
      out.push(last);
      last = -1;
    } else if (s.isOutput) last = s.id;
  }
  if (last !== -1) out.push(last);
  return out;
}
