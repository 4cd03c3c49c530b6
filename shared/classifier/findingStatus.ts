/**
 * Which entity verdicts are findings a user should see: everything the
 * context does not support. `indeterminate` is left out on purpose — the
 * context is known to be incomplete, so it is reported as a reason, not a
 * squiggle.
 */
import type { EntityStatus } from './types';

export function isFinding(status: EntityStatus): boolean {
  return status !== 'grounded' && status !== 'indeterminate';
}
