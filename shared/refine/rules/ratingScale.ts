/**
 * The maximum of a rating scale (`4.0 out of 5 stars`, `8 out of 10`) is the
 * convention the rating is written in, not a claim of its own: no record
 * says "5" for a five-star scale. Only the usual scale maxima (5, 10, 100)
 * after a smaller rating count, so `30 out of 75 districts` stays checked.
 */
import type { ExtractedEntity } from '../../classifier/types';

const SCALE_MAXIMA = new Set(['5', '10', '100']);
const SCALE_UNIT = /^(?:\d{1,3})(?:\s?(?:stars?|points?))?$/i;
const RATING_BEFORE = /(\d{1,3}(?:\.\d)?)(?:\s?(?:stars?|points?))?\s(?:out of|of)\s$/i;

export function isRatingScaleMaximum(output: string, entity: ExtractedEntity): boolean {
  if (entity.type !== 'number' || !SCALE_UNIT.test(entity.text)) return false;
  const max = /^\d+/.exec(entity.text)![0];
  if (!SCALE_MAXIMA.has(max)) return false;
  const before = RATING_BEFORE.exec(output.slice(Math.max(0, entity.span[0] - 24), entity.span[0]));
  return before !== null && Number(before[1]) <= Number(max);
}
