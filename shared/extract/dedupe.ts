/**
 * Merges repeated entities: the same type and the same primary form,
 * ignoring case, become one entity that lists every occurrence. Scoring then
 * counts a claim once while the editor still marks each place it is made.
 */
import type { ExtractedEntity } from '../classifier/types';
import type { Candidate } from './candidate';

/** `resolved` must be in document order; the result is too (by first occurrence). */
export function mergeDuplicates(resolved: readonly Candidate[], output: string): ExtractedEntity[] {
  const byKey = new Map<string, ExtractedEntity>();
  const out: ExtractedEntity[] = [];
  for (const c of resolved) {
    const key = `${c.type}\u0000${c.forms[0].toLowerCase()}`;
    const seen = byKey.get(key);
    if (seen) {
      seen.occurrences.push([c.start, c.end]);
      continue;
    }
    const entity: ExtractedEntity = {
      text: output.slice(c.start, c.end),
      type: c.type,
      span: [c.start, c.end],
      forms: c.forms,
      occurrences: [[c.start, c.end]],
    };
    byKey.set(key, entity);
    out.push(entity);
  }
  return out;
}
