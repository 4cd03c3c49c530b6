/**
 * An extracted entity kept for only some of its occurrences (the rest were
 * taken by a more specific claim, or are not claims), read at the first one
 * left. Built field by field rather than spread: entities come in several
 * shapes (code claims, counts in words), and spreading mixed shapes is one
 * of the slowest steps of refining an output's entities.
 */
import type { ExtractedEntity, Range } from '../classifier/types';

export function narrowed(e: ExtractedEntity, output: string, occurrences: Range[]): ExtractedEntity {
  const span = occurrences[0];
  const out: ExtractedEntity = { text: output.slice(span[0], span[1]), type: e.type, span, forms: e.forms, occurrences };
  if (e.code) out.code = e.code;
  if (e.countWord) out.countWord = e.countWord;
  return out;
}
