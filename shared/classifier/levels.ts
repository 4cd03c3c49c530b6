/**
 * The classification rule: a level from found/countable counts, exact at the
 * boundaries (GROUNDED only at score 1, UNGROUNDED only at 0), and the review
 * flag that goes with it.
 */
import type { Level } from './types';

export interface Verdict {
  level: Level;
  score: number;
  flagForReview: boolean;
}

export const INDETERMINATE: Verdict = { level: 'INDETERMINATE', score: 0, flagForReview: false };

/** `countable` > 0: entities with a verdict; `found` of them were in the context. */
export function verdictFor(found: number, countable: number): Verdict {
  const score = found / countable;
  const level: Level = score === 1 ? 'GROUNDED' : score === 0 ? 'UNGROUNDED' : 'PARTIAL';
  return { level, score, flagForReview: level === 'PARTIAL' || level === 'UNGROUNDED' };
}
