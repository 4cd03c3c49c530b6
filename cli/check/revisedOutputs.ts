/**
 * Outputs reported before whose record is no longer the same, for a check
 * that tells each output as soon as it is complete (a stream, `--follow`):
 * later lines can change an earlier output's record (a skill first used, a
 * rewind, a value a rule searched past the output for). `told` maps where
 * each output starts to the record last told, and is brought up to date.
 * The live check hands back the same record objects for outputs it did not
 * check again, so only records made again are compared.
 */
import type { OutputRecord } from './fileReport';

export function revisedOutputs(outputs: Iterable<OutputRecord | undefined>, told: Map<number, OutputRecord>): OutputRecord[] {
  const revised: OutputRecord[] = [];
  for (const o of outputs) {
    const before = o && told.get(o.range[0]);
    if (o === undefined || before === undefined || before === o) continue;
    told.set(o.range[0], o);
    if (JSON.stringify(before) !== JSON.stringify(o)) revised.push(o);
  }
  return revised;
}
