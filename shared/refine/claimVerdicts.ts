/**
 * Per-claim verdicts: each claim sentence with the entities that occur in it
 * and what they add up to. One contradicted entity makes the claim
 * contradicted; otherwise one not-found entity makes it unverified.
 */
import type { Claim, Entity } from '../classifier/types';
import type { OutputSentence } from './claims';

export function claimVerdicts(sentences: readonly OutputSentence[], entities: readonly Entity[]): Claim[] {
  // Occurrences in output order, walked once alongside the sentences.
  const occurrences = entities.flatMap((e, i) => e.occurrences.map((o) => ({ start: o[0], end: o[1], entity: i })));
  occurrences.sort((a, b) => a.start - b.start);
  const claims: Claim[] = [];
  let k = 0;
  for (const s of sentences) {
    while (k < occurrences.length && occurrences[k].start < s.span[0]) k++;
    if (s.kind !== 'claim') continue;
    // A set, not a list searched per occurrence: one sentence can name tens of thousands of values.
    const inSentence = new Set<number>();
    for (let j = k; j < occurrences.length && occurrences[j].start < s.span[1]; j++) {
      const o = occurrences[j];
      if (o.end <= s.span[1]) inSentence.add(o.entity);
    }
    const entityIndexes = [...inSentence].sort((a, b) => a - b);
    claims.push({ span: [s.span[0], s.span[1]], verdict: verdictOf(entityIndexes.map((i) => entities[i])), entityIndexes });
  }
  return claims;
}

function verdictOf(entities: readonly Entity[]): Claim['verdict'] {
  if (entities.length === 0) return 'no-entities';
  if (entities.some((e) => e.status === 'contradicted')) return 'contradicted';
  if (entities.some((e) => !e.found && e.status !== 'indeterminate')) return 'unverified';
  return 'grounded';
}
