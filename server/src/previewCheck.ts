/**
 * First findings of a large file before its whole index exists. Building the
 * lookup index over 20 MB is most of the wait before anything can be shown;
 * the outputs near the top of a file only ever look at segments near the top.
 * So the first segments get an index of their own, and the leading outputs
 * whose whole ancestry lies among them are checked against it. An output's
 * lookups accept only its ancestors, so these results are the ones the full
 * index gives; the preview ends at the first output whose check searched the
 * whole session instead (see OutputCheck.searchedPastContext).
 */
import { checkOutput, type CheckOptions, type OutputCheck } from '../../shared/check/checkTranscript';
import { TranscriptIndex } from '../../shared/check/transcriptIndex';
import { causalForest } from '../../shared/transcript/causalContext';
import type { Transcript } from '../../shared/transcript/model';

/**
 * Checks the leading outputs of `t` (in id order, stopping at the first one
 * that needs context beyond the first `maxChars` of segment text or searched
 * the whole session, or at the end of `t` when it is shorter: the head of a
 * file) against an index of that prefix alone, yielding each as it is
 * checked so that the first finding can be shown before the rest of the
 * prefix is checked.
 */
export function* checkLeadingOutputs(t: Transcript, options: CheckOptions, maxChars: number): Generator<OutputCheck> {
  const segments = t.segments;
  let k = 0;
  for (let chars = 0; k < segments.length && chars < maxChars; k++) chars += segments[k].text.length;
  const inPrefix = ancestryWithin(t, k);
  const prefix: Transcript = { ...t, segments: segments.slice(0, k) };
  const index = TranscriptIndex.build(prefix);
  for (let id = 0; id < k; id++) {
    if (!segments[id].isOutput) continue;
    if (!inPrefix[id]) return;
    const check = checkOutput(index, id, options);
    // One whose check searched the whole session (a version spelt further down) needs the whole file's index.
    if (check.searchedPastContext) return;
    yield check;
  }
}

/** For each of the first `k` segments: whether it and all its ancestors are among them. */
function ancestryWithin(t: Transcript, k: number): Uint8Array {
  const parentOf = causalForest(t).parentOf;
  // 0 unknown, 1 yes, 2 no.
  const state = new Uint8Array(k);
  const chain: number[] = [];
  for (let i = 0; i < k; i++) {
    let node = i;
    let verdict = 1;
    while (node !== -1) {
      if (node >= k) {
        verdict = 2;
        break;
      }
      if (state[node] !== 0) {
        verdict = state[node];
        break;
      }
      chain.push(node);
      node = parentOf[node];
    }
    for (const c of chain) state[c] = verdict;
    chain.length = 0;
  }
  return state.map((s) => (s === 1 ? 1 : 0));
}
