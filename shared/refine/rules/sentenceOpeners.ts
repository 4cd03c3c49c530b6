/**
 * Capitalized words that are not names: a single word that opens a sentence
 * and is set off by a comma (`However,`, `Additionally,`) is a discourse
 * adverb, and `AM`/`PM` after a clock time belongs to the time.
 */
import type { ExtractedEntity } from '../../classifier/types';

export function isCommaOpener(output: string, entity: ExtractedEntity, sentenceStarts: ReadonlySet<number>): boolean {
  if (entity.type !== 'proper_noun' || /\s/.test(entity.text)) return false;
  return (sentenceStarts.has(entity.span[0]) || sentenceStarts.has(openingOffset(output, entity.span[0]))) && output[entity.span[1]] === ',';
}

export function isMeridiem(output: string, entity: ExtractedEntity): boolean {
  if (entity.type !== 'proper_noun' && entity.type !== 'identifier') return false;
  if (!/^(?:AM|PM|A\.M\.|P\.M\.)$/i.test(entity.text)) return false;
  let p = entity.span[0] - 1;
  while (p >= 0 && output[p] === ' ') p--;
  return p >= 0 && output[p] >= '0' && output[p] <= '9';
}

/** The offset a sentence holding `start` would begin at: before any emphasis marks or quotes in front of the word. */
function openingOffset(output: string, start: number): number {
  let p = start;
  while (p > 0 && '*_"“'.includes(output[p - 1])) p--;
  return p;
}
