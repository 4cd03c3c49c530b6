/**
 * A full garbage collection, so that a figure does not pay for what an
 * earlier one left (or count it as held): V8 exposes `gc` to code compiled
 * after the flag is set, so a fresh context hands it over.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
