/**
 * What each per-type extractor reports before overlaps are resolved and
 * duplicates merged: a typed half-open range of the output and its lookup
 * forms, most literal first.
 */
import type { EntityType } from '../classifier/types';

export interface Candidate {
  type: EntityType;
  start: number;
  end: number;
  forms: string[];
  /**
   * How the candidate takes part in overlap resolution (see overlap.ts):
   * `relative` marks a relative duration (`3 days ago`) whose type is settled
   * by its neighbours; `unclosed` marks a quote that ran to the end of the
   * output, which yields to anything it overlaps.
   */
  role?: 'relative' | 'unclosed';
}

/** Forms without repeats or empties, keeping first-seen order. */
export function uniqueForms(forms: readonly string[]): string[] {
  const out: string[] = [];
  for (const f of forms) if (f.length > 0 && !out.includes(f)) out.push(f);
  return out;
}
