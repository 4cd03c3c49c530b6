/**
 * Entities put in the order they start in the output. Lists the refined
 * rules merge are mostly in that order already: checking costs one pass,
 * and a stable sort of an ordered list would leave it as it is.
 */
import type { Range } from '../classifier/types';

/** `list`, sorted in place by where each item starts (stable), and returned. */
export function bySpanStart<T extends { span: Range }>(list: T[]): T[] {
  for (let i = 1; i < list.length; i++) {
    if (list[i].span[0] < list[i - 1].span[0]) return list.sort((a, b) => a.span[0] - b.span[0]);
  }
  return list;
}
