/**
 * Per-claim verdicts: each claim sentence with the entities that occur in it
 * and what they add up to. One contradicted entity makes the claim
 * contradicted; otherwise one not-found entity makes it unverified.
 */
import type { Claim, Entity } from '../classifier/types';
import type { OutputSentence } from './claims';

export function claimVerdicts(sentences: readonly OutputSentence[], entities: readonly Entity[]): Claim[] {
  const claims: Claim[] = [];
  for (const s of sentences) {
    if (s.kind !== 'claim') continue;
    const entityIndexes: number[] = [];
    entities.forEach((e, i) => {
      if (e.occurrences.some((o) => o[0] >= s.span[0] && o[1] <= s.span[1])) entityIndexes.push(i);
    });
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
