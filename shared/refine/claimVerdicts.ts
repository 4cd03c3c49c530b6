/**
 * Per-claim verdicts: each claim sentence with the entities that occur in it
 * and what they add up to. One contradicted entity makes the claim
 * contradicted; otherwise one not-found entity makes it unverified.
 */
import type { Claim, Entity, Range } from '../classifier/types';
import type { OutputSentence } from './claims';

export function claimVerdicts(sentences: readonly OutputSentence[], entities: readonly Entity[]): Claim[] {
  // Occurrences in output order, walked once alongside the sentences: the order as indexes into the entities' ranges,
  // not an object made for each occurrence.
  const ranges: Range[] = [];
  const owners: number[] = [];
  entities.forEach((e, i) => {
    for (const o of e.occurrences) {
      ranges.push(o);
      owners.push(i);
    }
  });
  const order = startOrder(ranges);
  const claims: Claim[] = [];
  let k = 0;
  for (const s of sentences) {
    while (k < order.length && ranges[order[k]][0] < s.span[0]) k++;
    if (s.kind !== 'claim') continue;
    // A set, not a list searched per occurrence: one sentence can name tens of thousands of values.
    const inSentence = new Set<number>();
    for (let j = k; j < order.length && ranges[order[j]][0] < s.span[1]; j++) {
      const o = order[j];
      if (ranges[o][1] <= s.span[1]) inSentence.add(owners[o]);
    }
    const entityIndexes = [...inSentence].sort((a, b) => a - b);
    claims.push({ span: [s.span[0], s.span[1]], verdict: verdictOf(entityIndexes.map((i) => entities[i])), entityIndexes });
  }
  return claims;
}

/** Indexes of `ranges` by where each starts (stable); in order already, as they mostly are, they are not sorted. */
function startOrder(ranges: readonly Range[]): number[] {
  const order = Array.from(ranges.keys());
  for (let i = 1; i < ranges.length; i++) {
    if (ranges[i][0] < ranges[i - 1][0]) return order.sort((a, b) => ranges[a][0] - ranges[b][0] || a - b);
  }
  return order;
}

function verdictOf(entities: readonly Entity[]): Claim['verdict'] {
  if (entities.length === 0) return 'no-entities';
  if (entities.some((e) => e.status === 'contradicted')) return 'contradicted';
  if (entities.some((e) => !e.found && e.status !== 'indeterminate')) return 'unverified';
  return 'grounded';
}
