/**
 * `AM`/`PM` after a clock time belongs to the time, not a name. Clock times
 * are their own entities in the refined profile; this catches a meridiem
 * whose time the clock rules did not read (`7-9 PM`).
 */
import type { ExtractedEntity } from '../../classifier/types';

export function isMeridiem(output: string, entity: ExtractedEntity): boolean {
  if (entity.type !== 'proper_noun' && entity.type !== 'identifier') return false;
  if (!/^(?:AM|PM|A\.M\.|P\.M\.)$/i.test(entity.text)) return false;
  let p = entity.span[0] - 1;
  while (p >= 0 && output[p] === ' ') p--;
  return p >= 0 && output[p] >= '0' && output[p] <= '9';
}
