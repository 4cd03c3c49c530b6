/**
 * A single capitalized word that opens a sentence (`Despite its history…`,
 * `2. Place the milk…`, `Answer: …`) is capitalized for its position, not
 * because it names something. Capitals inside the word (`iPhone`, `NASA`,
 * `McDonald`) still mark a name, and so does a following capitalized word
 * (multi-word names are kept whole by extraction).
 */
import type { ExtractedEntity } from '../../classifier/types';

export function isSentenceInitialWord(output: string, entity: ExtractedEntity, sentenceStarts: ReadonlySet<number>): boolean {
  if (entity.type !== 'proper_noun' || !/^[A-Z][a-z]+$/.test(entity.text)) return false;
  let p = entity.span[0];
  while (p > 0 && '*_"“'.includes(output[p - 1])) p--;
  return sentenceStarts.has(p) || sentenceStarts.has(entity.span[0]) || afterListMarker(output, p);
}

/** `2. Place`, `- Place`, `Step 3: Place` at a line start. */
function afterListMarker(output: string, start: number): boolean {
  // Only the last few characters can hold a marker; a bounded look keeps long lines linear.
  const floor = Math.max(0, start - 13);
  let lineStart = start;
  while (lineStart > floor && output[lineStart - 1] !== '\n') lineStart--;
  if (lineStart > 0 && output[lineStart - 1] !== '\n') return false;
  return /^\s*(?:[-*•]|\d{1,3}[.)]|step \d{1,3}[.:)]?)\s+$/i.test(output.slice(lineStart, start));
}
